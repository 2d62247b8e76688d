/**
 * How long a verification lets this session through (the server's default window, 15 minutes): enrolling verifies
 * the session, so the success screens say no prompt comes until then.
 */
export const MFA_WINDOW_MINUTES = 15

/** The MFA screens' English (the spec's texts where it has them). Method plugins add their own names and screens. */
export const mfaTexts = {
  'mfa.verify.title': 'Verify your identity',
  'mfa.verify.subtitle': 'Choose a verification method to continue.',
  'mfa.code.title': 'Enter verification code',
  'mfa.code.subtitle': 'Enter the 6-digit code to continue.',
  'mfa.chooseAnother': 'Choose another method',
  'mfa.notNow': 'Not now',
  'mfa.verifying.title': 'Verifying',
  'mfa.verifying.subtitle': 'Follow the prompts to confirm it is you.',
  'mfa.tryAgain': 'Try again',
  'mfa.error.invalidCode': 'The code you entered is not valid',
  'mfa.error.maxAttempts': 'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
  'mfa.error.timeout': 'You have exceeded the time limit for code entry. Please try again in 30 seconds.',
  'mfa.error.canceled': 'Verification canceled',
  // Not in the spec: 100 failures in a row lock a method (NIST SP 800-63B §5.2.2); the text names the way out.
  'mfa.error.locked': 'This verification method is locked after too many failed attempts. Log in again and verify with another method, or contact support.',
  // Not in the spec: the per-user limits on MFA calls span 10 minutes, so 'try again in 10 seconds' would mislead.
  'mfa.error.rateLimited': 'Too many attempts. Please wait a few minutes and try again.',
  'mfa.error.generic': 'Something went wrong.',
  'mfa.error.enrollment': 'Unknown error',
  'mfa.invalidCode': 'Invalid MFA code',
  'mfa.timedOut': 'Timed out waiting for MFA code',
  'mfa.unsupportedMethod': 'Unsupported MFA method',
  'mfa.enroll.noToken': 'Must have valid access token to enroll in MFA',
  'mfa.remove.noToken': 'Must have valid access token to remove MFA',
  'mfa.enroll.title': 'Transaction Protection',
  'mfa.enroll.subtitle': 'Add a second step that confirms it is you before your wallet signs or exports.',
  'mfa.enroll.choose': 'Choose a verification method',
  'mfa.recommended': 'Recommended',
  'mfa.enabled': 'Enabled',
  'mfa.remove': 'Remove',
  'mfa.remove.subtitle': 'Your wallet will no longer ask for this method.',
  'mfa.remove.cancel': 'Cancel',
  'mfa.done': 'Done',
  // Not in the spec: without it, the first protected action after enrolling asks nothing and the user wonders why.
  'mfa.enrolled.window': "This device is verified for the next {minutes} minutes, so you won't be asked to verify again until then.",
  'mfa.none': 'No verification method is available.',
} as const
