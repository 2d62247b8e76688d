import { useCallback } from 'react'
import { useScreenState } from '../../ui/index.js'
import type { SteppedUpCall } from './mfaState.js'

/**
 * Runs a screen's call that may ask for a verification first (enrolling or removing a method: the server's
 * requireMfa, stepped up). 'Verify your identity' is pushed over the screen, which unmounts it, and the screen mounts
 * anew when the verification ends — so the call's outcome is screen state (useScreenState, kept with the stack entry):
 * the new mount shows how the call went (the answer after a verification, 'Verification canceled' after 'Not now'),
 * and a call the screen starts by itself (`once`) isn't started again.
 */
export function useSteppedUpCall<T>(key = 'mfa.steppedUpCall'): [SteppedUpCall<T>, (start: () => Promise<T>, options?: { once?: boolean }) => void] {
  const [outcome, setOutcome, peek] = useScreenState<SteppedUpCall<T>>(key, { status: 'idle' })
  const run = useCallback(
    (start: () => Promise<T>, options: { once?: boolean } = {}) => {
      // `once`: a call the screen starts by itself, which a new mount (or a repeated effect) must not start again.
      if (options.once && peek().status !== 'idle') return
      setOutcome({ status: 'pending' })
      start().then(
        (value) => setOutcome({ status: 'done', value }),
        (error: unknown) => setOutcome({ status: 'failed', error }),
      )
    },
    [peek, setOutcome],
  )
  return [outcome, run]
}
