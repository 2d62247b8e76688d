import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { apiClient } from '../../core/client/apiClient.js'
import type { crossAppApi } from './api.js'
import { crossAppErrorTexts } from './crossAppErrors.js'
import { createCrossAppState } from './crossAppState.js'

// The entry's own typed calls, the same as crossAppCalls.ts's: importing that module (the screens' too) would put it in
// the host's first load as a chunk of its own.
const crossAppCalls = apiClient<typeof crossAppApi>('cross-app')

/** Options of the cross-app plugin. */
export interface CrossAppPluginOptions {
  /** How long a provider popup may take to answer (ms; default the spec's 120 000). */
  timeoutMs?: number
  texts?: Record<string, string>
}

/** The plugin's English (§2, §8). */
export const crossAppTexts = {
  'crossApp.provider': 'provider',
  'crossApp.connecting.title': 'Connecting to {app}',
  'crossApp.connecting.subtitle': 'Continue in the {app} window.',
  'crossApp.success': 'Connected to {app}',
  'crossApp.error.title': 'Could not connect to {app}',
  'crossApp.error.connect': crossAppErrorTexts.connectFailed,
  'crossApp.error.invalidConnectedApp': crossAppErrorTexts.invalidConnectedApp,
  'crossApp.error.redirect': 'This page is not a registered origin of the provider app',
  'crossApp.error.code': 'The authorization expired or was already used. Please try again.',
  'crossApp.error.state': crossAppErrorTexts.unexpectedState,
  'crossApp.error.verifier': 'The authorization could not be verified. Please try again.',
  'crossApp.error.noWallet': 'This account has no embedded wallet',
  'crossApp.error.token': crossAppErrorTexts.noToken,
  // The provider's pages (CrossAppProviderPages).
  'crossApp.page.signIn': 'Sign in to continue',
  'crossApp.page.logIn': 'Log in',
  'crossApp.page.consentTitle': 'Connect to {app}',
  'crossApp.page.consentSubtitle': '{app} will be able to ask your wallet {address} for signatures and transactions. You approve each one here.',
  'crossApp.page.connect': 'Connect',
  'crossApp.page.cancel': 'Cancel',
  'crossApp.page.working': 'One moment…',
  'crossApp.page.done': 'Done. You can close this window.',
  'crossApp.page.requestTitle': 'Request from {app}',
} as const

/**
 * Cross-app wallets: `plugins={[crossApp()]}` with `useCrossAppAccounts()` on a requester app (login, link and the
 * provider wallet's signatures in a popup on the provider's site), and `<CrossAppProviderPages />` on a provider's
 * host site. Server half: `crossAppServer()`; the provider app lists its requesters in its "cross-app" section.
 */
export function crossApp(options: CrossAppPluginOptions = {}) {
  return definePlugin({
    id: 'cross-app',
    kind: 'feature',
    api: () => import('./api.js').then((m) => m.crossAppApi),
    state: (foyer: Foyer) => createCrossAppState(foyer, () => crossAppCalls.connections(foyer), options.timeoutMs),
    screens: { auth: { load: () => import('./screens/CrossAppAuthScreen.js'), title: 'crossApp.connecting.title' } },
    errors: {
      INVALID_CONNECTED_APP: 'crossApp.error.invalidConnectedApp',
      CROSS_APP_INVALID_REDIRECT: 'crossApp.error.redirect',
      CROSS_APP_INVALID_CODE: 'crossApp.error.code',
      CROSS_APP_UNEXPECTED_STATE: 'crossApp.error.state',
      CROSS_APP_INVALID_VERIFIER: 'crossApp.error.verifier',
      CROSS_APP_NO_WALLET: 'crossApp.error.noWallet',
      CROSS_APP_INVALID_TOKEN: 'crossApp.error.token',
    },
    texts: { ...crossAppTexts, ...options.texts },
  })
}

export { useCrossAppAccounts } from './useCrossAppAccounts.js'
export { CrossAppProviderPages, isCrossAppProviderPath } from './provider/CrossAppProviderPages.js'
export type { CrossAppAccountsActions, CrossAppRequestOptions, CrossAppTransaction } from './crossAppActions.js'
export { crossAppErrorTexts, crossAppErrorCodes as crossAppFlowErrorCodes } from './crossAppErrors.js'
export type { CrossAppPluginState, CrossAppAuthState } from './crossAppState.js'
export * from './crossAppApiExports.js'
