import { FrameFailure, GENERIC_FAILURE, INVALID_RECOVERY_PASSWORD, isFrameFailure, type RecoveryMethodHalf } from '../../wallet-frame/frame.js'
import { passwordKeySource } from './passwordKeySource.js'
import { runPasswordEntry, runPasswordSetup } from './passwordView.js'

/** The spec's text under 'Enter your password' for a refusal (§8): a wrong password or bad input, else the generic one. */
export function recoveryErrorText(error: unknown): string {
  // The vault's refusals are the recovery page's FrameFailure, another copy of the class than this half's.
  if (isFrameFailure(error) && (error.type === 'invalid_recovery_pin' || error.type === 'invalid_request_arguments')) return INVALID_RECOVERY_PASSWORD
  if (isFrameFailure(error) && /code 429/.test(error.message)) return error.message
  return GENERIC_FAILURE
}

/**
 * The password method in the recovery page: setting runs the password screens and answers once the user closes the
 * result (the password, the key and the share stay here); recovering asks 'Enter your password' until the wallet is
 * recovered (this device then keeps the recovery share as its device share, which the hidden frame reads).
 */
export const passwordMethod: RecoveryMethodHalf = {
  async setRecovery(page) {
    const set = await runPasswordSetup(page.document, {
      appName: page.appName,
      finalize: (password) => page.setRecovery(passwordKeySource(password)),
    })
    if (!set) throw new FrameFailure('error', 'Error setting password on foyer wallet')
  },
  async recover(page) {
    await runPasswordEntry(page.document, async (password) => {
      try {
        await page.recoverWithKey(passwordKeySource(password))
      } catch (error) {
        throw new Error(recoveryErrorText(error))
      }
    })
  },
}
