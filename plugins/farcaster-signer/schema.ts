import * as v from 'valibot'

/** Status poll interval (the spec's "polls every 2 s"). */
export const FARCASTER_SIGNER_POLL_MS = 2_000
/** How long 'Awaiting Farcaster signer' waits for the approval (the spec's 300 s). */
export const FARCASTER_SIGNER_TIMEOUT_MS = 300_000

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

/** The spec's texts (§8 'Delegation and Farcaster signer') and ours where it is silent. */
export const farcasterSignerMessages = {
  noEmbeddedWallet: 'Must have an embedded wallet to use Farcaster signers',
  noFarcasterAccount: 'Must have Farcaster account to use Farcaster signers',
  notConfigured: 'Farcaster signers are not configured on this server',
  apiFailed: 'Could not reach Farcaster. Try again.',
  fidMismatch: 'The signer was approved by another Farcaster account',
  noSigner: 'No approved Farcaster signer. Request one first.',
  unknownSigner: 'No Farcaster signer request for this key',
  revoked: 'The Farcaster signer request was declined or revoked.',
  timeout: 'The request timed out. Try again.',
  exited: 'User exited the Farcaster signer flow',
} as const
