import { signal, type ReadonlySignal } from '@preact/signals-core'
import type { AuthResult, Foyer } from '../../core/client/types.js'
import { BaseError, FlowError, flowErrorCodes } from '../../core/errors/index.js'
import { customJwtCalls } from './customJwtCalls.js'

/** Where a custom-JWT login is (the spec's custom auth states). */
export type CustomAuthStatus = 'initial' | 'loading' | 'done' | 'error'

/** The flow's state as the hook exposes it. */
export interface CustomAuthState {
  status: CustomAuthStatus
  error: BaseError | null
}

/** One kernel's custom-auth flow (the plugin's state): its state plus the two ways in (a token, or the host's callback). */
export interface CustomAuthFlow {
  readonly state: ReadonlySignal<CustomAuthState>
  getState(): CustomAuthState
  /** Calls `listener` on every change (not at once). */
  subscribe(listener: () => void): () => void
  loginWithToken(token: string): Promise<AuthResult>
  /** Asks the host's `getCustomAccessToken` and follows it: logs in with a token, logs out a custom-auth user without one. */
  sync(): Promise<void>
}

/** The custom-JWT plugin's state for a kernel (the plugin must be loaded). */
export const customAuthFlow = (foyer: Foyer): CustomAuthFlow => foyer.pluginState<CustomAuthFlow>('custom-jwt')

/** Makes the plugin's state (its `state` slot) with the host's token callback. */
export function createCustomAuthFlow(foyer: Foyer, getToken?: () => Promise<string | null | undefined>): CustomAuthFlow {
  const state = signal<CustomAuthState>({ status: 'initial', error: null })
  const set = (next: CustomAuthState) => void (state.value = next)
  let running: Promise<void> | null = null
  // The next user of the page starts from 'initial', not from the last session's 'done' or error.
  foyer.emitter.on('logout', () => set({ status: 'initial', error: null }))

  const flow: CustomAuthFlow = {
    state,
    getState: () => state.peek(),
    subscribe(listener) {
      let first = true
      return state.subscribe(() => (first ? (first = false) : listener()))
    },
    async loginWithToken(token) {
      set({ status: 'loading', error: null })
      try {
        const response = await customJwtCalls.authenticate(foyer, { token })
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
  return flow
}
