import * as v from 'valibot'

// The regex's own message: valibot's default one would quote the value (a verifier is a secret).
const rfc7636 = (pattern: RegExp, message: string) => v.pipe(v.string(), v.regex(pattern, message))

/**
 * A PKCE code verifier as RFC 7636 §4.1 defines it: 43 to 128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" /
 * "~". Foyer's clients send base64url of 36 random bytes (48 characters). Shorter ones are guessable, longer ones
 * aren't PKCE: both are refused before any flow is looked up.
 */
export const CodeVerifierSchema = rfc7636(/^[\w.~-]{43,128}$/, 'Invalid code verifier')

/** An S256 code challenge (RFC 7636 §4.2): base64url without padding of a SHA-256 digest, 43 characters. */
export const CodeChallengeSchema = rfc7636(/^[\w-]{43}$/, 'Invalid code challenge')
