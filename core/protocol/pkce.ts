import * as v from 'valibot'

/**
 * A PKCE code verifier as RFC 7636 §4.1 defines it: 43 to 128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" /
 * "~". Foyer's clients send base64url of 36 random bytes (48 characters). Shorter ones are guessable, longer ones
 * aren't PKCE: both are refused before any flow is looked up.
 */
export const CodeVerifierSchema = v.pipe(
  v.string('Must be a string'),
  v.regex(/^[A-Za-z0-9._~-]{43,128}$/, 'Must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_" or "~" (RFC 7636)'),
)

/** An S256 code challenge (RFC 7636 §4.2): base64url without padding of a SHA-256 digest, 43 characters. */
export const CodeChallengeSchema = v.pipe(
  v.string('Must be a string'),
  v.regex(/^[A-Za-z0-9_-]{43}$/, 'Must be an S256 challenge: 43 base64url characters (RFC 7636)'),
)
