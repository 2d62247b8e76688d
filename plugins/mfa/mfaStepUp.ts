import { MAX_STEP_RETRIES, type CallMiddleware } from '../../core/client/callMiddleware.js'
import type { Foyer } from '../../core/client/types.js'
import { promptMfa } from './promptMfa.js'
import type { MfaState } from './mfaState.js'

/**
 * Whether an error asks for a fresh MFA verification: a server answer `missing_or_invalid_mfa`, or a wallet-frame
 * answer of that type (the frame's server call was refused).
 */
export const isMfaRequired = (error: unknown) =>
  !!error && typeof error === 'object' && ((error as { code?: unknown }).code === 'MISSING_OR_INVALID_MFA' || (error as { type?: unknown }).type === 'missing_or_invalid_mfa')

/**
 * The step-up loop (§4): a call refused for want of a fresh verification opens the verification and is sent again,
 * 4 attempts in all (the kernel's MAX_STEP_RETRIES). The verification calls themselves never step up: their
 * `missing_or_invalid_mfa` is a wrong code.
 */
export function mfaStepUp(foyer: Foyer, state: () => MfaState): CallMiddleware {
  return {
    async onResponseError(call, error) {
      // The last send can't be retried: asking then would verify for nothing.
      if (call.id.startsWith('mfa.') || !isMfaRequired(error) || call.attempt >= MAX_STEP_RETRIES) return
      return (await promptMfa(foyer, state())) ? 'retry' : undefined
    },
  }
}
