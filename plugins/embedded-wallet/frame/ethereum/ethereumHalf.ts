// The embedded wallet's own frame half: Ethereum signing (EIP-191 messages, EIP-712 and legacy typed data,
// transactions). viem's hashing and serializers load with it at a user's first Ethereum request, not with the kernel
// every frame page loads; the key stays in the kernel, which signs the digest this half computes (ethereumSign).
import { hexToBytes } from 'viem'
import { frameEvents } from '../../../wallet-frame/frame.js'
import { defineFrameHalf, frameData } from '../../../wallet-frame/frame.js'
import { signEthereumRequest, type EthereumRpcRequest } from './ethereumRpc.js'

export default defineFrameHalf({
  handlers: (kernel) => ({
    [frameEvents.rpc]: async (raw) => {
      const { accessToken, address, request } = frameData(raw)
      const wallet = await kernel.wallet(address, accessToken)
      const req = frameData(request) as unknown as EthereumRpcRequest
      return { method: req.method, data: await signEthereumRequest(async (digest) => kernel.ethereumSign(wallet, hexToBytes(digest)), req) }
    },
  }),
})
