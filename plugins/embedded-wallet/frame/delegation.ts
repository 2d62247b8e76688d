import { delegationFrameApi } from '../delegationApi.js'
import { isSolanaAddress } from '../schema.js'
import { fromBase64 } from './base64.js'
import { frameCall } from './frameApi.js'
import { FrameFailure } from './frameFailure.js'
import { sealDelegationEnvelope } from './keys/delegationEnvelope.js'
import { solanaKeypairOf } from './keys/solanaKeypair.js'
import type { WalletVault } from './walletVault.js'

/**
 * Delegated actions' consent, in the frame (the custody boundary): unlocks the Solana wallet at `address`, derives
 * that ONE wallet's ed25519 key (never the root's secret nor its other wallets), seals it to the server's delegation
 * key (fetched from the API the frame is configured with, never taken from the host page) bound to the app, the user
 * and the address, and posts it itself. The host page gets the refreshed user, never the key nor the envelope.
 */
export async function consentToDelegation(vault: WalletVault, address: unknown, accessToken: unknown): Promise<{ address: string; delegated: true; user: unknown }> {
  if (typeof address !== 'string' || !isSolanaAddress(address)) throw new FrameFailure('invalid_request_arguments', 'Delegated actions are for Solana wallets only')
  const wallet = await vault.wallet(address, accessToken)
  if (wallet.root.chainType !== 'solana') throw new FrameFailure('invalid_request_arguments', 'Delegated actions are for Solana wallets only')
  const keypair = solanaKeypairOf(wallet.secret, wallet.walletIndex)
  if (keypair.address !== address) throw new FrameFailure('error', 'An error has occurred, please try again.')
  const signer = await frameCall(vault.target, delegationFrameApi.signerKey, {}, accessToken)
  const publicKey = fromBase64(signer.public_key)
  if (publicKey.length !== 32) throw new FrameFailure('error', 'An error has occurred, please try again.')
  try {
    const envelope = await sealDelegationEnvelope(keypair.secretKey, publicKey, { appId: vault.target.appId, userId: signer.user_id, address })
    const user = await frameCall(vault.target, delegationFrameApi.consent, { address, chain_type: 'solana', key_id: signer.key_id, envelope }, accessToken)
    return { address, delegated: true, user }
  } finally {
    keypair.secretKey.fill(0)
  }
}
