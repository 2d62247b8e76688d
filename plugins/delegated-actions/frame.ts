import { defineFrameHalf, FrameFailure, frameData } from '../wallet-frame/frame.js'
import { sealDelegationEnvelope } from './delegationEnvelope.js'
import { delegatedActionsFrameEvents } from './frameEvents.js'
import { delegationFrameApi } from './frameApi.js'
import { isSolanaAddress } from './schema.js'

/** base64 → bytes. */
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

const SOLANA_ONLY = 'Delegated actions are for Solana wallets only'

/**
 * Delegated actions' consent, in the wallet frame (the custody boundary): unlocks the Solana wallet at `address`, takes
 * that ONE wallet's ed25519 key from the kernel (never the root's secret nor its other wallets), seals it to the
 * server's delegation key (fetched from the API the frame is configured with, never taken from the host page) bound
 * to the app, the user and the address, and posts it itself. The host page gets the address and the flag only (it
 * refreshes the user itself), never the key nor the envelope.
 */
export default defineFrameHalf({
  handlers: (kernel) => ({
    [delegatedActionsFrameEvents.consent]: async (raw) => {
      const { accessToken, address } = frameData(raw)
      if (typeof address !== 'string' || !isSolanaAddress(address)) throw new FrameFailure('invalid_request_arguments', SOLANA_ONLY)
      const wallet = await kernel.wallet(address, accessToken)
      if (wallet.chainType !== 'solana') throw new FrameFailure('invalid_request_arguments', SOLANA_ONLY)
      const keypair = kernel.solanaKeypair(wallet)
      try {
        if (keypair.address !== address) throw new FrameFailure('error', 'An error has occurred, please try again.')
        const signer = await kernel.call(delegationFrameApi.signerKey, {}, accessToken)
        const publicKey = fromBase64(signer.public_key)
        if (publicKey.length !== 32) throw new FrameFailure('error', 'An error has occurred, please try again.')
        const envelope = await sealDelegationEnvelope(keypair.secretKey, publicKey, { appId: kernel.appId, userId: signer.user_id, address })
        await kernel.call(delegationFrameApi.consent, { address, chain_type: 'solana', key_id: signer.key_id, envelope }, accessToken)
        return { address, delegated: true }
      } finally {
        keypair.secretKey.fill(0)
      }
    },
  }),
})
