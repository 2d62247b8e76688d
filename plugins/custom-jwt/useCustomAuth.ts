import { useMemo } from 'react'
import type { AuthResult } from '../../core/client/types.js'
import { usePluginState } from '../../ui/hooks/usePluginState.js'
import type { CustomAuthFlow, CustomAuthState } from './customAuthFlow.js'

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
  const flow = usePluginState<CustomAuthFlow>('custom-jwt')
  const state = flow.state.value
  const actions = useMemo(() => ({ loginWithToken: (token: string) => flow.loginWithToken(token), sync: () => flow.sync() }), [flow])
  return { state, ...actions }
}
