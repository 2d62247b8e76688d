import { useCallback, useEffect, useRef, useState } from 'react'
import { useFoyerKernel, usePluginState } from '../../ui/index.js'
import type { MfaState, ScreenCallRecord, SteppedUpCall } from './mfaState.js'

/**
 * Runs a screen's call that may ask for a verification first (enrolling or removing a method: the server's
 * requireMfa, stepped up). 'Verify your identity' is pushed over the screen, which unmounts it, and the screen mounts
 * anew when the verification ends — so the call and its outcome belong to the screen's stack entry, not to one mount:
 * the new mount shows how the call went (the answer after a verification, 'Verification canceled' after 'Not now')
 * and a call an effect starts isn't started again.
 */
export function useSteppedUpCall<T>(): [SteppedUpCall<T>, (start: () => Promise<T>, options?: { once?: boolean }) => void] {
  const foyer = useFoyerKernel()
  const state = usePluginState<MfaState>('mfa')
  // The screen's entry: the top of the stack when it mounts (the modal shows only the top one).
  const [entry] = useState<object>(() => foyer.$modal.peek().stack.at(-1) ?? {})
  const read = () => (state.screenCalls.get(entry)?.outcome ?? { status: 'idle' }) as SteppedUpCall<T>
  const [outcome, setOutcome] = useState(read)
  const mounted = useRef(false)

  useEffect(() => {
    mounted.current = true
    // A call of an earlier mount still under way (its verification just ended): its outcome shows here.
    const earlier = state.screenCalls.get(entry)
    if (earlier?.outcome.status === 'pending') void earlier.settled.then(() => mounted.current && setOutcome(earlier.outcome as SteppedUpCall<T>))
    else setOutcome(read())
    return () => {
      mounted.current = false
    }
  }, [entry, state])

  const run = useCallback(
    (start: () => Promise<T>, options: { once?: boolean } = {}) => {
      // `once`: a call the screen starts by itself, which a new mount (or a repeated effect) must not start again.
      if (options.once && state.screenCalls.has(entry)) return
      const record: ScreenCallRecord = { outcome: { status: 'pending' }, settled: Promise.resolve() }
      record.settled = start().then(
        (value) => void (record.outcome = { status: 'done', value }),
        (error: unknown) => void (record.outcome = { status: 'failed', error }),
      )
      state.screenCalls.set(entry, record)
      setOutcome(record.outcome as SteppedUpCall<T>)
      void record.settled.then(() => mounted.current && setOutcome(record.outcome as SteppedUpCall<T>))
    },
    [entry, state],
  )
  return [outcome, run]
}
