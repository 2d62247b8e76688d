/** The screens' ids. */
export const DELEGATION_SCREENS = { consent: 'delegated-actions/consent', revoke: 'delegated-actions/revoke' } as const
/** The modal intents of delegateWallet and revokeWallets. */
export const DELEGATE_INTENT = 'delegate-actions'
export const REVOKE_INTENT = 'revoke-delegation'
/** How long the success or failure state shows before the modal closes by itself (§4 says "after a delay"). */
export const DELEGATION_AUTO_CLOSE_MS = 1_800

/** The error catalogue's texts (§8): read without a screen of the plugin, so they stay in the plugin's `texts`. */
export const delegatedActionsErrorTexts = {
  'delegatedActions.error.disabled': 'Delegated actions are not enabled for this app',
  'delegatedActions.error.walletNotFound': 'Must have an embedded Solana wallet with this address to delegate actions',
  'delegatedActions.error.alreadyDelegated': 'This wallet has already been delegated',
  'delegatedActions.error.invalidDelegation': 'The delegated key does not match the wallet',
  'delegatedActions.error.noDelegatedWallets': 'Must have at least one delegated wallet to revoke access',
  'delegatedActions.error.notDelegated': 'This wallet is not delegated to the app',
  'delegatedActions.error.programNotAllowed': 'The transaction calls a program the app does not allow for delegated wallets',
  'delegatedActions.error.requestExpired': 'The request expired: sign a new request',
  'delegatedActions.error.idempotencyKeyReused': 'This request was already made: each request needs a new idempotency key',
} as const

/** The spec's exit texts (§8): declining (or closing) the consent or revoke prompt. */
export const delegatedActionsErrors = {
  declinedDelegation: 'User declined delegating actions.',
  declinedRevoke: 'User declined revoking access...',
  notAuthenticated: 'User must be authenticated to use delegated actions',
  solanaOnly: 'Delegated actions are only supported for Solana wallets',
  noWallet: 'Address to delegate is not an embedded Solana wallet of the user',
  alreadyDelegated: 'This wallet has already been delegated',
  noDelegatedWallets: 'Must have at least one delegated wallet to revoke access',
  notLoaded: 'Delegated actions need the embeddedWallet() plugin',
} as const
