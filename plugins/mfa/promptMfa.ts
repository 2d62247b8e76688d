import type { Foyer } from '../../core/client/types.js'
import { MFA_VERIFY_SCREEN } from './mfaCalls.js'
import { enrolledMfaMethods } from './mfaMethods.js'
import { mfaCanceled, mfaTimedOut, type MfaState } from './mfaState.js'

/** Params of the verify screen when it is pushed over an open flow: it answers through `settle`. */
export interface VerifyMfaParams {
  settle?: (error?: unknown) => void
}

/**
 * Asks the signed-in user for a verification: the 'Verify your identity' screen, or, with `noPromptOnMfaRequired`, the
 * host's onMfaRequired listeners, then waits for useMfa's submit (at most the 300 000 ms code wait, then 'Timed out
 * waiting for MFA code'). Rejects with 'MFA canceled' when the user leaves.
 * Answers false, asking nothing, for a user without a method a loaded plugin can verify.
 */
export async function promptMfa(foyer: Foyer, state: MfaState): Promise<boolean> {
  const methods = enrolledMfaMethods(foyer).map((m) => m.method)
  if (!methods.length) return false
  if (state.noPrompt) {
    const waiting = state.waitForVerification(() => mfaTimedOut(foyer))
    for (const listener of state.listeners) listener(methods)
    await waiting
    return true
  }
  if (foyer.$modal.peek().open) await overOpenFlow(foyer)
  else await foyer.modal.request(MFA_VERIFY_SCREEN, {}, { intent: 'mfa' })
  return true
}

/**
 * Over an open flow the screen is pushed, not requested: the flow's own request (the sign screen, waiting on this
 * very verification) holds the request queue. It answers through `settle`; leaving it any other way (closing the
 * modal, going back) cancels.
 */
function overOpenFlow(foyer: Foyer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let done = false
    let stop = () => {}
    const settle = (error?: unknown) => {
      if (done) return
      done = true
      stop()
      if (error === undefined) resolve()
      else reject(error)
    }
    const params: VerifyMfaParams = { settle }
    foyer.modal.push(MFA_VERIFY_SCREEN, params)
    stop = foyer.$modal.subscribe((modal) => {
      if (!modal.open || !modal.stack.some((entry) => entry.params === params)) settle(mfaCanceled(foyer))
    })
  })
}
