import { useEffect, useMemo, useRef } from 'react'
import { login } from '../../core/client/actions/login.js'
import type { AuthResult, LoginOptions } from '../../core/client/types.js'
import { useFoyerKernel } from './useFoyerKernel.js'

/** Callbacks of useLogin. */
export interface UseLoginParameters {
  onComplete?: (result: AuthResult) => void
  /** Gets the spec's error code (e.g. 'EXITED_AUTH_FLOW'). */
  onError?: (errorCode: string) => void
}

/** Opens the login modal and reports its outcome to the given callbacks (Privy's `useLogin`). */
export function useLogin(callbacks: UseLoginParameters = {}): { login: (options?: LoginOptions) => void } {
  const foyer = useFoyerKernel()
  // The latest callbacks without re-registering on every render.
  const latest = useRef(callbacks)
  latest.current = callbacks
  useEffect(
    () =>
      foyer.registerCallbacks('login', {
        onComplete: (result) => latest.current.onComplete?.(result),
        onError: (code) => latest.current.onError?.(code),
      }),
    [foyer],
  )
  return useMemo(
    () => ({
      login: (options?: LoginOptions) => login(foyer, options),
    }),
    [foyer],
  )
}
