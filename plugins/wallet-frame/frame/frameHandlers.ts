import { frameEvents, type FrameEvent } from '../channel/frameProtocol.js'
import { hexToBytes } from '@noble/hashes/utils'
import { fromBase64, toBase64 } from './base64.js'
import { FrameFailure } from './frameFailure.js'
import { solanaKeys } from './keys/chainKeys.js'
import { frameData as data } from './kernel/frameHalf.js'
import type { FrameHandler } from './serveFrame.js'
import type { WalletVault } from './vault/walletVault.js'

/** The hidden frame recovers automatically only: a password is entered on the visible recovery page (recovery/recoveryPage.ts). */
function assertAutomatic(recoveryMethod: unknown) {
  if (recoveryMethod !== undefined && recoveryMethod !== 'privy') throw new FrameFailure('error', 'Unable to recover wallet')
}

/** The 32 bytes of the 0x private key an import brings. */
export function importedKeyBytes(privateKey: unknown): Uint8Array {
  if (typeof privateKey !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(privateKey)) throw new FrameFailure('invalid_request_arguments', 'Invalid private key')
  return hexToBytes(privateKey.replace(/^0x/, ''))
}

/**
 * The kernel's own answer to each event, over the vault (Ethereum signing is the embedded wallet's frame half,
 * ethereum/ethereumHalf.ts, loaded at the first request). Answers carry addresses, signatures and MFA outcomes only.
 */
export function frameHandlers(vault: WalletVault): Partial<Record<FrameEvent, FrameHandler>> {
  // Unlocking and recovering work alike on both chains: the root knows its chain.
  const connect: FrameHandler = async (raw) => {
    const { accessToken, address } = data(raw)
    await vault.wallet(address, accessToken)
    return { address }
  }
  const recover: FrameHandler = async (raw) => {
    const { accessToken, address, recoveryMethod } = data(raw)
    assertAutomatic(recoveryMethod)
    await vault.recover(address, accessToken)
    return { address }
  }
  return {
    [frameEvents.create]: async (raw) => ({ address: (await vault.create('ethereum', data(raw).accessToken)).address }),
    [frameEvents.import]: async (raw) => {
      const { accessToken, privateKey } = data(raw)
      return { address: (await vault.create('ethereum', accessToken, importedKeyBytes(privateKey))).address }
    },
    [frameEvents.createAdditional]: async (raw) => {
      const { accessToken, address, walletIndex } = data(raw)
      const added = await vault.add(address, accessToken, walletIndex)
      return { address: added.address, walletIndex: added.walletIndex }
    },
    // Only the way back to automatic recovery runs here; user-owned methods are set on the visible recovery page.
    [frameEvents.setRecovery]: async (raw) => {
      const { accessToken, address, recoveryMethod } = data(raw)
      if (recoveryMethod !== 'privy') throw new FrameFailure('invalid_request_arguments', 'Unable to set recovery on wallet')
      await vault.setAutomaticRecovery(address, accessToken)
      return { address, recoveryMethod: 'privy' }
    },
    [frameEvents.connect]: connect,
    [frameEvents.recover]: recover,
    [frameEvents.solanaCreate]: async (raw) => ({ address: (await vault.create('solana', data(raw).accessToken)).address }),
    [frameEvents.solanaConnect]: connect,
    [frameEvents.solanaRecover]: recover,
    [frameEvents.solanaRpc]: async (raw) => {
      const { accessToken, address, request } = data(raw)
      const req = data(request)
      // signTransaction: the serialized transaction (base64) in, the same bytes with the wallet's signature out.
      if (req.method === 'signTransaction') {
        const transaction = data(req.params).transaction
        if (typeof transaction !== 'string') throw new FrameFailure('invalid_request_arguments', 'Transaction must be a base64 string')
        const wallet = await vault.wallet(address, accessToken)
        const keys = solanaKeys()
        return { method: 'signTransaction', data: { signedTransaction: toBase64(keys.signTransaction(keys.keypairOf(wallet.secret, wallet.walletIndex), fromBase64(transaction))) } }
      }
      if (req.method !== 'signMessage') throw new FrameFailure('invalid_request_arguments', 'The embedded Solana wallet signs messages and transactions only')
      const message = data(req.params).message
      if (typeof message !== 'string') throw new FrameFailure('invalid_request_arguments', 'Message must be a string')
      const wallet = await vault.wallet(address, accessToken)
      const keys = solanaKeys()
      return { method: 'signMessage', data: { signature: toBase64(keys.signMessage(keys.keypairOf(wallet.secret, wallet.walletIndex), fromBase64(message))) } }
    },
    [frameEvents.deviceBinding]: async () => ({ binding: await vault.target.device.binding() }),
    [frameEvents.mfaClear]: async () => {
      vault.lockAll()
      return { cleared: true }
    },
  }
}
