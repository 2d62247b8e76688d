import * as v from 'valibot'
import { UserSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { isSolanaAddress } from './schema.js'

const B64 = /^[A-Za-z0-9+/]+={0,2}$/
const base64 = (max: number) => v.pipe(v.string(), v.maxLength(max), v.regex(B64, 'must be base64'))

/** A Solana wallet address (base58 of 32 bytes; the server decodes it). */
export const DelegationAddressSchema = v.pipe(v.string('address must be a string'), v.check(isSolanaAddress, 'Invalid Solana address'))

/** The sealed key of one wallet (delegationEnvelope.ts). */
export const DelegationEnvelopeSchema = v.strictObject({
  v: v.literal(1),
  epk: base64(64),
  iv: base64(32),
  ct: base64(128),
})

/** POST /api/v1/delegated_actions/signer_key: nothing in; the server's delegation key and whom an envelope binds. */
export const DelegationSignerKeyOutputSchema = v.object({
  /** The x25519 public key (base64, 32 bytes) envelopes are sealed to. */
  public_key: v.string(),
  /** The key's id (stored with each envelope; a rotated key is told apart). */
  key_id: v.string(),
  /** The signed-in user (bound into the envelope's AAD). */
  user_id: v.string(),
})

/** POST /api/v1/delegated_actions/consent: one Solana wallet's key, sealed in the frame to the delegation key. */
export const DelegationConsentInputSchema = v.strictObject({
  address: DelegationAddressSchema,
  chain_type: v.literal('solana', 'Delegated actions are for Solana wallets only'),
  key_id: v.pipe(v.string(), v.maxLength(64)),
  envelope: DelegationEnvelopeSchema,
})

/**
 * The calls the plugin's frame half (frame.ts) makes (its server answers them, from the wallet frame's origin only):
 * only the frame — the custody boundary — seals a wallet's key.
 */
export const delegationFrameApi = defineApi('/api/v1/delegated_actions', {
  /** The server's delegation public key, its id and the user id the envelope is bound to. */
  signerKey: { path: 'signer_key', input: v.strictObject({}), output: DelegationSignerKeyOutputSchema },
  /** Stores the sealed key and marks the wallet `delegated: true` (one transaction); answers the user. */
  consent: { input: DelegationConsentInputSchema, output: UserSchema, retry: false },
})

/** Paths of the frame's delegation calls. */
export const delegationFramePaths = apiPaths(delegationFrameApi)
