import * as v from 'valibot'

/** Bytes of randomness in a guest credential (spec §9). */
export const GUEST_CREDENTIAL_BYTES = 32

/** The guest plugin's English texts (spec §8). */
export const guestTexts = {
  alreadyAuthenticated: 'User cannot already be authenticated to create a guest account',
  failed: 'Unable to authenticate guest account',
  continueAsGuest: 'Continue as guest',
} as const

/** 32 bytes as unpadded base64url: exactly 43 characters of the URL-safe alphabet. */
export const GuestCredentialSchema = v.pipe(
  v.string('guest_credential must be a string'),
  v.regex(/^[A-Za-z0-9_-]{43}$/, 'guest_credential must be 32 bytes as base64url'),
)

/** POST /api/v1/guest/authenticate */
export const GuestAuthenticateInputSchema = v.object({
  guest_credential: GuestCredentialSchema,
  /** Filled by the kernel when the app has captcha on (creating a guest needs a fresh captcha token). */
  captcha_token: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096)))),
})

/** The guest plugin's section of an app entry: `"guest": true` enables guest accounts for the app. */
export const GuestAppConfigSchema = v.boolean()

/** A fresh guest credential from the platform CSPRNG (browser or Node ≥ 20). */
export function createGuestCredential(): string {
  const bytes = new Uint8Array(GUEST_CREDENTIAL_BYTES)
  globalThis.crypto.getRandomValues(bytes)
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/**
 * Error codes the plugin's routes answer besides core's (core/protocol/errorCodes.ts): the server half
 * declares them (ServerPlugin.errorCodes) and the client half maps them to texts.
 */
export const guestErrorCodes = [
  'already_authenticated', // 403: a signed-in (non-guest) user asked for a guest account
] as const
export type GuestErrorCode = (typeof guestErrorCodes)[number]
