import { useMemo } from 'react'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import type { MfaState } from './mfaState.js'
import { promptMfa } from './promptMfa.js'
import { cancelMfa, initMfa, submitMfa } from './verifyMfa.js'

/** What useMfa returns (Privy's shape). */
export interface UseMfaReturnType {
  /** Opens 'Verify your identity'; resolves once verified, rejects with 'MFA canceled'. */
  promptMfa(): Promise<void>
  /** Starts a verification with `method` (headless hosts with noPromptOnMfaRequired). */
  init(method: 'totp' | 'sms' | 'passkey'): Promise<Record<string, unknown>>
  /** Answers it: a 6-digit code for totp and sms, the passkey response for passkey. */
  submit(method: 'totp' | 'sms' | 'passkey', code: unknown): Promise<void>
  /** Gives up: the waiting call fails with 'MFA canceled'. */
  cancel(): Promise<void>
}

/** The signed-in user's MFA verification, with or without the modal. */
export function useMfa(): UseMfaReturnType {
  const foyer = useFoyerKernel()
  return useMemo(() => {
    const state = () => foyer.pluginState<MfaState>('mfa')
    return {
      promptMfa: async () => {
        await promptMfa(foyer, state())
      },
      init: (method) => initMfa(foyer, method),
      submit: (method, code) => submitMfa(foyer, state(), method, code),
      cancel: () => cancelMfa(foyer, state()),
    }
  }, [foyer])
}
