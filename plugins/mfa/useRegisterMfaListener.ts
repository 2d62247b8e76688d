import { useEffect, useRef } from 'react'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import type { MfaState } from './mfaState.js'

/** Callbacks of useRegisterMfaListener. */
export interface UseRegisterMfaListenerParameters {
  /** A call needs a verification (with `mfa({ noPromptOnMfaRequired: true })`): run useMfa's init and submit. */
  onMfaRequired(methods: string[]): void
}

/** Hears when a sensitive call waits for a verification the host collects itself. */
export function useRegisterMfaListener({ onMfaRequired }: UseRegisterMfaListenerParameters): void {
  const foyer = useFoyerKernel()
  const latest = useRef(onMfaRequired)
  latest.current = onMfaRequired
  useEffect(() => {
    const listeners = foyer.pluginState<MfaState>('mfa').listeners
    const listener = (methods: string[]) => latest.current(methods)
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }, [foyer])
}
