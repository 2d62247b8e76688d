import type { AuthResult, Foyer } from '../../core/client/types.js'
import { BaseError, FlowError, flowErrorCodes } from '../../core/errors/index.js'
import type { TokenResponse } from '../../core/protocol/index.js'

/** Where a custom-JWT login is (the spec's custom auth states). */
export type CustomAuthStatus = 'initial' | 'loading' | 'done' | 'error'

/** The flow's state as the hook exposes it. */
export interface CustomAuthState {
  status: CustomAuthStatus
  error: BaseError | null
}

/** One kernel's custom-auth flow: state plus the two ways in (a token, or the host's callback). */
export interface CustomAuthFlow {
  getState(): CustomAuthState
  subscribe(listener: () => void): () => void
  loginWithToken(token: string): Promise<AuthResult>
  /** Asks the host's `getCustomAccessToken` and follows it: logs in with a token, logs out a custom-auth user without one. */
  sync(): Promise<void>
}

const flows = new WeakMap<Foyer, CustomAuthFlow>()

/** The custom-auth flow of a kernel (created on first use; the plugin's setup creates it with the host callback). */
export function customAuthFlow(foyer: Foyer, getCustomAccessToken?: () => Promise<string | null | undefined>): CustomAuthFlow {
  let getToken = getCustomAccessToken
  const existing = flows.get(foyer) as (CustomAuthFlow & { setSource(fn: typeof getToken): void }) | undefined
  if (existing) {
    // The hook may render before the plugin's setup ran: the setup's callback still wins.
    if (getCustomAccessToken) existing.setSource(getCustomAccessToken)
    return existing
  }
  let state: CustomAuthState = { status: 'initial', error: null }
  const listeners = new Set<() => void>()
  const set = (next: CustomAuthState) => {
    state = next
    for (const l of listeners) l()
  }
  let running: Promise<void> | null = null
  // The next user of the page starts from 'initial', not from the last session's 'done' or error.
  foyer.emitter.on('logout', () => set({ status: 'initial', error: null }))

  const flow: CustomAuthFlow & { setSource(fn: typeof getToken): void } = {
    setSource(fn) {
      getToken = fn
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    async loginWithToken(token) {
      set({ status: 'loading', error: null })
      try {
        const response = await foyer.call<TokenResponse>('custom-jwt.authenticate', { token })
        const account = response.user.linkedAccounts.find((a) => a.type === 'custom_auth') ?? null
        const result = await foyer.completeAuth(response, { loginMethod: 'custom', account, intent: 'login' })
        set({ status: 'done', error: null })
        return result
      } catch (error) {
        const e = error instanceof BaseError ? error : new FlowError('Unknown error occurred.', flowErrorCodes.unknownAuth, { cause: error })
        set({ status: 'error', error: e })
        foyer.failAuth(e)
        throw e
      }
    },
    sync() {
      // One sync at a time: a second caller waits for the first instead of sending the token twice.
      running ??= (async () => {
        if (!getToken) return
        const session = foyer.$session.peek()
        let token: string | null | undefined
        try {
          token = await getToken()
        } catch (error) {
          set({ status: 'error', error: new FlowError('Could not get the custom access token', flowErrorCodes.unknownAuth, { cause: error }) })
          return
        }
        const viaCustom = session.user?.linkedAccounts.some((a) => a.type === 'custom_auth') ?? false
        if (!token) {
          // The host's auth is the source of truth: its user signed out, so ours does too.
          if (session.status === 'authenticated' && viaCustom) await foyer.session.logout()
          set({ status: 'initial', error: null })
          return
        }
        if (session.status === 'authenticated') {
          set({ status: 'done', error: null })
          return
        }
        await flow.loginWithToken(token).catch(() => {})
      })().finally(() => (running = null))
      return running
    },
  }
  flows.set(foyer, flow)
  return flow
}
