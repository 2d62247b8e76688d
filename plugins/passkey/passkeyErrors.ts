import { BaseError } from '../../core/errors/index.js'
import { passkeyTexts } from './passkeyTexts.js'

// The passkey client's error codes and its mapping of WebAuthn's errors, apart from the ceremonies
// (passkeyCeremonies.ts): the plugin entry needs the codes at page load and re-exports both, and esbuild (--splitting)
// puts a module the entry reaches and a lazy chunk uses in every host's first load — the ceremonies and their wire
// conversions load with the passkey screens.

/** Error codes of the passkey client (the spec's PASSKEY_NOT_ALLOWED plus ours). */
export const passkeyErrorCodes = {
  notAllowed: 'PASSKEY_NOT_ALLOWED',
  notSupported: 'WEBAUTHN_NOT_SUPPORTED',
  unknown: 'PASSKEY_UNKNOWN_ERROR',
} as const

/** Maps what WebAuthn threw to the spec's texts; Foyer errors (server answers) pass through. */
export function toPasskeyError(error: unknown): BaseError {
  if (error instanceof BaseError) return error
  const name = (error as { name?: string } | null)?.name
  const causeName = ((error as { cause?: { name?: string } } | null)?.cause)?.name
  // @simplewebauthn wraps NotAllowedError (user cancelled, timed out, no user verification) in a WebAuthnError.
  if (name === 'NotAllowedError' || causeName === 'NotAllowedError') {
    return new BaseError(passkeyTexts.notAllowed, { code: passkeyErrorCodes.notAllowed, cause: error })
  }
  return new BaseError(passkeyTexts.unknown, { code: passkeyErrorCodes.unknown, cause: error })
}
