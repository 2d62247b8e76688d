/** The passkey plugin's texts (the spec's English). */
export const passkeyTexts = {
  notSupported: 'WebAuthn is not supported in this browser',
  notAllowed: 'Passkey request timed out or rejected by user.',
  cannotLinkMore: 'Cannot link more passkeys to account.',
  enrolledInMfa: 'Cannot unlink a passkey enrolled in MFA',
  unknown: 'Unknown error occurred.',
} as const
