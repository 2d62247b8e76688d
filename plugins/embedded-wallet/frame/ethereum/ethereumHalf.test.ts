import { parseTransaction, recoverTransactionAddress, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { frameEvents } from '../../../wallet-frame/frame.js'
import { FrameFailure } from '../../../wallet-frame/frame.js'
import { testFrameKernel } from '../../../wallet-frame/frame.js'
import ethereumHalf from './ethereumHalf.js'

const typed = {
  domain: { name: 'Foyer', version: '1', chainId: 1, verifyingContract: '0x0000000000000000000000000000000000000001' },
  types: { EIP712Domain: [{ name: 'name', type: 'string' }], Note: [{ name: 'text', type: 'string' }] },
  primaryType: 'Note',
  message: { text: 'hello' },
} as const

describe("the embedded wallet's Ethereum frame half (signing through the kernel's ethereumSign)", () => {
  it('signs messages, typed data and transactions that verify as the wallet at its index', async () => {
    const kernel = testFrameKernel()
    const rpc = ethereumHalf.handlers(kernel)[frameEvents.rpc]!
    const address = kernel.addressAt(3) as Hex
    const call = async (method: string, params: unknown[]) => ((await rpc({ address, accessToken: 't', request: { method, params } })) as { data: Hex }).data
    expect(await verifyMessage({ address, message: 'hi', signature: await call('personal_sign', ['hi', address]) })).toBe(true)
    expect(await verifyMessage({ address, message: { raw: '0xdeadbeef' }, signature: await call('personal_sign', ['0xdeadbeef', address]) })).toBe(true)
    const { EIP712Domain: _, ...types } = typed.types
    expect(await verifyTypedData({ address, ...typed, types, signature: await call('eth_signTypedData_v4', [address, JSON.stringify(typed)]) })).toBe(true)
    const signed = await call('eth_signTransaction', [{ to: address, value: '0x5', nonce: 2, chainId: 31337, gas: '0x5208', maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1' }])
    expect(parseTransaction(signed)).toMatchObject({ type: 'eip1559', chainId: 31337, nonce: 2, value: 5n })
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(address)
  })

  it('refuses unknown methods, and a Solana wallet', async () => {
    const kernel = testFrameKernel()
    const rpc = ethereumHalf.handlers(kernel)[frameEvents.rpc]!
    await expect(rpc({ address: kernel.addressAt(0), accessToken: 't', request: { method: 'eth_sendTransaction' } })).rejects.toThrow('Unsupported method')
    const solana = testFrameKernel({ chainType: 'solana' })
    const solanaRpc = ethereumHalf.handlers(solana)[frameEvents.rpc]!
    await expect(solanaRpc({ address: solana.addressAt(0), accessToken: 't', request: { method: 'personal_sign', params: ['hi'] } })).rejects.toBeInstanceOf(FrameFailure)
  })
})
