import { useEffect, useMemo, useRef } from 'react'
import type { AuthResult } from '../../core/client/types.js'
import type { BaseError } from '../../core/errors/index.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { usePluginState } from '../../ui/hooks/usePluginState.js'
import { startOAuth } from './oauthFlow.js'
import type { OAuthPluginState, OAuthStatus } from './oauthState.js'

/** Callbacks of useLoginWithOAuth. */
export interface UseLoginWithOAuthParameters {
  onComplete?: (result: AuthResult) => void
  onError?: (errorCode: string) => void
}

/** What useLoginWithOAuth returns. */
export interface UseLoginWithOAuthReturnType {
  /** Starts the flow; with the redirect flow the page leaves and the login finishes when it comes back. */
  initOAuth: (args: { provider: string; disableSignup?: boolean }) => Promise<void>
  loading: boolean
  state: { status: OAuthStatus; error: BaseError | null }
}

/**
 * Headless OAuth login for a custom UI (Privy's `useLoginWithOAuth`). The state is the page's OAuth
 * flow, so a redirect flow started here completes here after the return (the plugin's setup
 * finishes it); `onComplete` / `onError` fire on that transition.
 */
export function useLoginWithOAuth(callbacks: UseLoginWithOAuthParameters = {}): UseLoginWithOAuthReturnType {
  const foyer = useFoyerKernel()
  const latest = useRef(callbacks)
  latest.current = callbacks
  const oauth = usePluginState<OAuthPluginState>('oauth')
  const flow = oauth.flow.value

  // Callbacks fire on transitions only, not for the state the hook finds when it mounts.
  useEffect(() => {
    let previous = oauth.flow.peek()
    return oauth.flow.subscribe((next) => {
      if (next === previous) return
      previous = next
      if (next.status === 'done' && next.result) latest.current.onComplete?.(next.result)
      if (next.status === 'error' && next.error) latest.current.onError?.(next.error.code)
    })
  }, [oauth])

  const initOAuth = useMemo(
    () =>
      async ({ provider, disableSignup = false }: { provider: string; disableSignup?: boolean }) => {
        // Errors reject (as Privy's do), and are in `state` and onError too.
        await startOAuth(foyer, { provider, disableSignup, intent: 'login', fromModal: false })
      },
    [foyer],
  )

  return { initOAuth, loading: flow.status === 'loading', state: { status: flow.status, error: flow.error } }
}
