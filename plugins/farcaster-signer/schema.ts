import * as v from 'valibot'
export { FARCASTER_SIGNER_POLL_MS, FARCASTER_SIGNER_TIMEOUT_MS } from './farcasterSignerTiming.js'
export { farcasterSignerMessages } from './farcasterSignerMessages.js'

/** An ed25519 public key: 0x + 32 bytes of hex (lower-cased by the schema). */
export const Ed25519PublicKeySchema = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{64}$/, 'ed25519_public_key must be 0x and 32 bytes of hex'),
  v.toLowerCase(),
)

/** POST /api/v1/farcaster/signer/init and /status: the signer's public key (made in the wallet frame). */
export const SignerKeyInputSchema = v.strictObject({ ed25519_public_key: Ed25519PublicKeySchema })
export type SignerKeyInput = v.InferInput<typeof SignerKeyInputSchema>

/** The spec's signer states. */
export const SignerStatusSchema = v.picklist(['pending_approval', 'approved', 'revoked'])
export type FarcasterSignerStatus = v.InferOutput<typeof SignerStatusSchema>

/** The spec's Farcaster signer answer: public_key, status, signer_approval_url (while it waits for the approval). */
export const SignerOutputSchema = v.object({
  public_key: v.string(),
  status: SignerStatusSchema,
  signer_approval_url: v.optional(v.string()),
})
export type FarcasterSignerAnswer = v.InferOutput<typeof SignerOutputSchema>

/** Codes the plugin's routes answer that core doesn't declare. */
export const farcasterSignerErrorCodes = [
  'no_embedded_wallet',
  'no_farcaster_account',
  'farcaster_signer_not_configured',
  'farcaster_signer_api_failed',
  'farcaster_signer_fid_mismatch',
] as const
