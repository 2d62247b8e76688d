/** The screens' ids. */
export const DELEGATION_SCREENS = { consent: 'delegated-actions/consent', revoke: 'delegated-actions/revoke' } as const
/** The modal intents of delegateWallet and revokeWallets. */
export const DELEGATE_INTENT = 'delegate-actions'
export const REVOKE_INTENT = 'revoke-delegation'
/** How long the success or failure state shows before the modal closes by itself (§4 says "after a delay"). */
export const DELEGATION_AUTO_CLOSE_MS = 1_800

/** The spec's texts (§2, §8) and the body copy the spec leaves to us (Foyer where the spec says Privy). */
export const delegatedActionsTexts = {
  'delegatedActions.consent.title': 'Enable delegated actions',
  'delegatedActions.consent.body':
    'Allow {appName} to sign transactions with your Solana wallet {address} without asking you each time, for example to run scheduled or automated actions while you are away.',
  'delegatedActions.consent.note':
    'The app can only use the programs it is allowed to. You can revoke this permission at any time; revoking stops new signatures but cannot undo ones already made.',
  'delegatedActions.consent.decline': 'No thanks',
  'delegatedActions.consent.accept': 'Accept',
  'delegatedActions.consent.working': 'Enabling delegated actions...',
  'delegatedActions.consent.success': 'Delegated actions enabled',
  'delegatedActions.consent.failure': 'Could not enable delegated actions',
  'delegatedActions.revoke.title': 'Revoke permission',
  'delegatedActions.revoke.body':
    '{appName} will no longer be able to sign transactions with your wallet without you. Signatures it already made stay valid.',
  'delegatedActions.revoke.decline': 'Deny',
  'delegatedActions.revoke.confirm': 'Confirm',
  'delegatedActions.revoke.working': 'Revoking permission...',
  'delegatedActions.revoke.success': 'Permission revoked',
  'delegatedActions.revoke.failure': 'Could not revoke permission',
  'delegatedActions.closing': 'This window closes in a moment.',
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
