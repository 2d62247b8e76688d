import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import type { DelegateWalletParameters } from './delegateWallet.js'
import { DELEGATE_INTENT, REVOKE_INTENT, delegatedActionsErrors, delegatedActionsErrorTexts } from './delegationTexts.js'

/** Options of delegatedActions(). */
export interface DelegatedActionsPluginOptions {
  texts?: Record<string, string>
}

// The flows load on first use: the host's first load carries the wiring only.
const ops = {
  delegateWallet: () => import('./delegateWallet.js'),
  revokeWallets: () => import('./revokeWallets.js'),
}

/**
 * Delegated actions (Solana): `plugins={[…, embeddedWallet(), delegatedActions()]}` and `useDelegatedActions()`. The
 * user lets the app's back end sign for one embedded Solana wallet ('Enable delegated actions'; the wallet frame seals
 * that wallet's key to the server's delegation key), and revokes it ('Revoke permission'). The server half
 * `delegatedActionsServer()` keeps the sealed keys and answers the back end's signing API.
 */
export function delegatedActions(options: DelegatedActionsPluginOptions = {}) {
  return definePlugin({
    id: 'delegated-actions',
    kind: 'feature',
    api: () => import('./api.js').then((m) => m.delegatedActionsApi),
    screens: {
      consent: { load: () => import('./screens/DelegationConsentScreen.js'), title: 'delegatedActions.consent.title', back: false },
      revoke: { load: () => import('./screens/RevokeDelegationScreen.js'), title: 'delegatedActions.revoke.title', back: false },
    },
    intents: {
      [DELEGATE_INTENT]: { code: 'USER_DECLINED_DELEGATION', text: delegatedActionsErrors.declinedDelegation },
      [REVOKE_INTENT]: { code: 'USER_DECLINED_REVOKE', text: delegatedActionsErrors.declinedRevoke },
    },
    actions: (foyer: Foyer) => ({
      delegateWallet: async (parameters: DelegateWalletParameters) => (await ops.delegateWallet()).delegateWallet(foyer, parameters),
      revokeWallets: async () => (await ops.revokeWallets()).revokeWallets(foyer),
    }),
    errors: {
      DELEGATED_ACTIONS_DISABLED: 'delegatedActions.error.disabled',
      DELEGATION_WALLET_NOT_FOUND: 'delegatedActions.error.walletNotFound',
      WALLET_ALREADY_DELEGATED: 'delegatedActions.error.alreadyDelegated',
      INVALID_DELEGATION: 'delegatedActions.error.invalidDelegation',
      NO_DELEGATED_WALLETS: 'delegatedActions.error.noDelegatedWallets',
      WALLET_NOT_DELEGATED: 'delegatedActions.error.notDelegated',
      PROGRAM_NOT_ALLOWED: 'delegatedActions.error.programNotAllowed',
      // The back-end API's replay guards: a host's server meets them, never its page.
      REQUEST_EXPIRED: 'delegatedActions.error.requestExpired',
      IDEMPOTENCY_KEY_REUSED: 'delegatedActions.error.idempotencyKeyReused',
    },
    // The error catalogue's English is read without a screen; the screens' loads with the first of them. The host's
    // overrides are here.
    texts: { ...delegatedActionsErrorTexts, ...options.texts },
    loadTexts: () => import('./delegationScreenTexts.js').then((m) => m.delegatedActionsScreenTexts),
  })
}

export { useDelegatedActions, type UseDelegatedActionsReturnType } from './useDelegatedActions.js'
export type { DelegateWalletParameters } from './delegateWallet.js'
export { DELEGATION_SCREENS, DELEGATE_INTENT, REVOKE_INTENT, DELEGATION_AUTO_CLOSE_MS, delegatedActionsErrors } from './delegationTexts.js'
export { delegatedActionsTexts } from './delegationExports.js'

// The functions hosts get on useFoyer() with this plugin.
export * from './delegatedActionsApiExports.js'

declare module 'foyer' {
  interface FoyerActions {
    /** 'Enable delegated actions' for one embedded Solana wallet; rejects with 'User declined delegating actions.' when declined. */
    delegateWallet(parameters: DelegateWalletParameters): Promise<void>
    /** 'Revoke permission': removes every delegation of the user; rejects with 'User declined revoking access...' when declined. */
    revokeWallets(): Promise<void>
  }
}
