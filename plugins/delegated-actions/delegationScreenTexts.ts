// The consent and revoke screens' English (the spec's §2 texts and the body copy the spec leaves to us, Foyer where the
// spec says Privy): only those screens read them, so they load with the plugin's first screen (its `loadTexts`)
// instead of in the host's first load.

/** The consent and revoke screens' texts. */
export const delegatedActionsScreenTexts = {
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
} as const
