import { errorScreenCodes, hasFailureScreen } from '../../../core/client/failureScreenPolicy.js'
import type { Foyer } from '../../../core/client/types.js'
import { ApiError, ValidationError } from '../../../core/errors/index.js'
import { passkeyErrorCodes, toPasskeyError } from '../passkeyErrors.js'
import { passkeyTexts } from '../schema.js'

/**
 * What a passkey screen shows for a failure: the spec's passkey texts, the server's message for a
 * 4xx it explains (e.g. 'Cannot link more passkeys to account.'), else 'Unknown error occurred.'.
 * Returns null after moving to the kernel's failure screen for the codes that have one.
 */
export function passkeyErrorText(foyer: Foyer, error: unknown): string | null {
  const e = toPasskeyError(error)
  // The §8 passkey texts don't word these: the kernel's catalogue rows (linked, too many, timed out) show them.
  if (hasFailureScreen(e, errorScreenCodes)) {
    foyer.modal.showError(e)
    return null
  }
  if (e.code === passkeyErrorCodes.notAllowed) return foyer.t(passkeyTexts.notAllowed)
  if (e.code === passkeyErrorCodes.notSupported) return foyer.t(passkeyTexts.notSupported)
  if (e instanceof ApiError && (e.status === 400 || e.status === 409 || e.status === 422)) return e.shortMessage
  if (e instanceof ValidationError) return e.shortMessage
  return foyer.t(passkeyTexts.unknown)
}
