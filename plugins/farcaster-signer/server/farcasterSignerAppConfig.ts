import * as v from 'valibot'

/**
 * The app's server-only "farcaster-signer" section: the custody account of the app's own Farcaster account
 * (`request_fid`), which signs every signed key request, and Farcaster's API (default https://api.warpcast.com).
 */
export const FarcasterSignerAppConfigSchema = v.pipe(
  v.strictObject({
    custody_private_key: v.optional(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/, 'custody_private_key must be 0x and 32 bytes of hex'))),
    custody_mnemonic: v.optional(v.pipe(v.string(), v.minLength(20), v.maxLength(400))),
    request_fid: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
    api_url: v.optional(v.pipe(v.string(), v.url())),
    /** How long a key request stays valid at Farcaster (seconds; default one day, as Farcaster recommends). */
    deadline_seconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(60), v.maxValue(7 * 86_400))),
  }),
  v.check((s) => Boolean(s.custody_private_key) !== Boolean(s.custody_mnemonic), 'farcaster-signer: set one of custody_private_key and custody_mnemonic'),
)
export type FarcasterSignerAppConfig = v.InferOutput<typeof FarcasterSignerAppConfigSchema>
