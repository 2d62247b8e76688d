import * as v from 'valibot'
export { createGuestCredential, GUEST_CREDENTIAL_BYTES } from './createGuestCredential.js'
export { guestTexts } from './guestTexts.js'

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

/**
 * Error codes the plugin's routes answer besides core's (core/protocol/errorCodes.ts): the server half
 * declares them (ServerPlugin.errorCodes) and the client half maps them to texts.
 */
export const guestErrorCodes = [
  'already_authenticated', // 403: a signed-in (non-guest) user asked for a guest account
] as const
export type GuestErrorCode = (typeof guestErrorCodes)[number]
