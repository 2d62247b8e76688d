import { useMemo, useSyncExternalStore } from 'react'
import type { AuthResult } from '../../core/client/types.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { customAuthFlow, type CustomAuthState } from './customAuthFlow.js'

/** What useCustomAuth returns. */
export interface UseCustomAuthReturnType {
  /** initial | loading | done | error, with the error. */
  state: CustomAuthState
  /** Logs in with a JWT the host already holds. */
  loginWithToken: (token: string) => Promise<AuthResult>
  /** Re-reads `getCustomAccessToken` (call it when the host's auth state changes). */
  sync: () => Promise<void>
}

/** Custom-JWT auth (Privy's `useCustomAuth`): the flow's state and ways to start it. */
export function useCustomAuth(): UseCustomAuthReturnType {
  const foyer = useFoyerKernel()
  const flow = customAuthFlow(foyer)
  const state = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState)
  const actions = useMemo(() => ({ loginWithToken: (token: string) => flow.loginWithToken(token), sync: () => flow.sync() }), [flow])
  return { state, ...actions }
}
