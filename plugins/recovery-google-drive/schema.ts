import * as v from 'valibot'

// The Google Drive recovery login's wire (spec: Recovery OAuth): the wallet frame's recovery page and the server half.

/** POST /api/v1/recovery/oauth/init: the frame's Google Drive login (its callback page, PKCE S256 challenge, state). */
export const RecoveryOAuthInitInputSchema = v.object({
  redirect_to: v.pipe(v.string('redirect_to must be a string'), v.maxLength(2048, 'redirect_to is too long')),
  code_challenge: v.pipe(v.string('code_challenge must be a string'), v.regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be base64url of a SHA-256')),
  state_code: v.pipe(v.string('state_code must be a string'), v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'state_code must be 16 to 128 base64url characters')),
})
/** POST /api/v1/recovery/oauth/authenticate: the popup's code, with the state and the PKCE verifier. */
export const RecoveryOAuthAuthenticateInputSchema = v.object({
  authorization_code: v.pipe(v.string('authorization_code must be a string'), v.minLength(1, 'authorization_code is required'), v.maxLength(2048, 'authorization_code is too long')),
  state_code: v.pipe(v.string('state_code must be a string'), v.maxLength(128, 'state_code is too long')),
  code_verifier: v.pipe(v.string('code_verifier must be a string'), v.regex(/^[A-Za-z0-9._~-]{43,128}$/, 'code_verifier must be 43 to 128 characters')),
  provider: v.literal('google-drive', "provider must be 'google-drive'"),
})
/** Answer of init: where the popup goes. */
export const RecoveryOAuthUrlOutputSchema = v.object({ url: v.string() })
/** Answer of authenticate: the Drive access token (for the frame only). */
export const RecoveryOAuthAuthenticateOutputSchema = v.object({ access_token: v.string() })

