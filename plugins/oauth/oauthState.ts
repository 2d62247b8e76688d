import { signal, type ReadonlySignal } from '@preact/signals-core'
import type { AuthResult, Foyer, Intent } from '../../core/client/types.js'
import type { BaseError } from '../../core/errors/index.js'

/** How the provider's page is shown: the whole tab navigates, or a popup window. */
export type OAuthFlowMode = 'redirect' | 'popup'

/** Where an OAuth flow is (Privy's OAuth states). */
export type OAuthStatus = 'initial' | 'loading' | 'done' | 'error'

/** The shared state of a page's OAuth flow (status screen and headless hook both read it). */
export interface OAuthFlowState {
  status: OAuthStatus
  provider: string | null
  intent: Intent
  error: BaseError | null
  result: AuthResult | null
  /** Whether the flow was started from the modal (its return reopens the modal). */
  fromModal: boolean
  /** 'start': going to the provider; 'return': redeeming what it sent back. */
  phase: 'start' | 'return'
}

/** The OAuth plugin's state (its `state` slot): read it with `usePluginState<OAuthPluginState>('oauth')`. */
export interface OAuthPluginState {
  /** The page's OAuth flow. */
  readonly flow: ReadonlySignal<OAuthFlowState>
  /** How the provider's page is shown when a call doesn't say (the plugin's `flow` option). */
  readonly defaultMode: OAuthFlowMode
  /** Moves the flow on (the flow functions only). */
  update(patch: Partial<OAuthFlowState>): void
}

export const initialOAuthFlow: OAuthFlowState = { status: 'initial', provider: null, intent: 'login', error: null, result: null, fromModal: false, phase: 'start' }

/** Makes the plugin's state for a kernel. */
export function createOAuthState(foyer: Foyer, defaultMode: OAuthFlowMode): OAuthPluginState {
  const flow = signal(initialOAuthFlow)
  // A headless UI must not show the last session's 'done' or error to the next user.
  foyer.emitter.on('logout', () => (flow.value = initialOAuthFlow))
  return {
    flow,
    defaultMode,
    update(patch) {
      flow.value = { ...flow.peek(), ...patch }
    },
  }
}

/** The kernel's OAuth state (the oauth plugin must be loaded). */
export const oauthState = (foyer: Foyer) => foyer.pluginState<OAuthPluginState>('oauth')
