import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useFoyer, useToken } from '../../../ui/foyer.js'
import { adminPaths, type AdminSession } from '../adminApi.js'
import { AdminContext, type AdminCall } from './AdminContext.js'
import { AdminApiError, adminFetch, VERIFY_AGAIN_CODES } from './adminFetch.js'
import { stateOfSession, type GateState } from './adminSessionState.js'
import { ConsoleShell } from './ConsoleShell.js'
import { EnrolTotpPage } from './EnrolTotpPage.js'
import { GateFrame } from './GateFrame.js'
import { NotOperatorPage } from './NotOperatorPage.js'
import { SignInPage } from './SignInPage.js'
import { VerifyPage } from './VerifyPage.js'
import type { Theme } from './useThemeChoice.js'
import { ErrorText } from './ErrorText.js'

/**
 * Who may see the console: signed out → sign in; signed in → GET session: no operator → say so; no TOTP → enrol;
 * unverified → verify (POST session); then the console. A later 403 asking for verification comes back here.
 */
export function AdminGate({ theme, toggleTheme }: { theme: Theme; toggleTheme: () => void }) {
  const { ready, authenticated, logout } = useFoyer()
  const { getAccessToken } = useToken()
  const [state, setState] = useState<GateState>({ kind: 'loading' })
  const session = useRef<AdminSession | null>(null)

  const raw = useCallback(async <T,>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => adminFetch<T>(await getAccessToken(), method, path, body), [getAccessToken])

  const settle = useCallback((next: AdminSession) => {
    session.current = next
    setState(stateOfSession(next))
  }, [])

  const check = useCallback(async () => {
    try {
      settle(await raw<AdminSession>('GET', adminPaths.session))
    } catch (error) {
      if (error instanceof AdminApiError && error.code === 'not_an_operator') setState({ kind: 'not-operator', message: error.message })
      else setState({ kind: 'failed', error })
    }
  }, [raw, settle])

  useEffect(() => {
    if (!ready) return setState({ kind: 'loading' })
    if (!authenticated) {
      session.current = null
      return setState({ kind: 'signed-out' })
    }
    setState({ kind: 'loading' })
    void check()
  }, [ready, authenticated, check])

  // The pages' calls: a 403 asking for a verification (the admin session lapsed) shows the verification again.
  const call: AdminCall = useCallback(
    async <T,>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => {
      try {
        return await raw<T>(method, path, body)
      } catch (error) {
        if (error instanceof AdminApiError && error.status === 403 && session.current) {
          if (VERIFY_AGAIN_CODES.includes(error.code)) setState({ kind: 'verify', session: { ...session.current, verified: false, verified_until: null } })
          else if (error.code === 'admin_mfa_enrollment_required') void check()
          else if (error.code === 'not_an_operator') setState({ kind: 'not-operator', message: error.message })
        }
        throw error
      }
    },
    [raw, check],
  )

  const verified = state.kind === 'ready' ? state.session : null
  const context = useMemo(() => (verified ? { call, session: verified, canWrite: verified.operator.role === 'owner' } : null), [call, verified])
  const signOut = () => void logout()
  const frame = { theme, toggleTheme, onSignOut: authenticated ? signOut : undefined, email: session.current?.operator.email ?? null }

  if (context) {
    return (
      <AdminContext.Provider value={context}>
        <ConsoleShell {...frame} />
      </AdminContext.Provider>
    )
  }
  switch (state.kind) {
    case 'signed-out':
      return <SignInPage {...frame} />
    case 'not-operator':
      return <NotOperatorPage {...frame} message={state.message} />
    case 'enrol':
      return <EnrolTotpPage {...frame} onEnrolled={check} verify={() => raw<AdminSession>('POST', adminPaths.session)} onVerified={settle} />
    case 'verify':
      return <VerifyPage {...frame} verify={() => raw<AdminSession>('POST', adminPaths.session)} onVerified={settle} />
    case 'failed':
      return (
        <GateFrame {...frame} title="The console could not start">
          <ErrorText error={state.error} />
          <button type="button" className="fa-button fa-primary" onClick={() => void check()}>
            Try again
          </button>
        </GateFrame>
      )
    default:
      return (
        <GateFrame {...frame} title="Foyer admin console">
          <p role="status">Loading…</p>
        </GateFrame>
      )
  }
}
