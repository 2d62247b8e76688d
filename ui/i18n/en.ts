/**
 * The ui layer's English copy (the spec's wording where it gives one), handed to the kernel as
 * i18n defaults. The kernel's own table (core/client/i18n/en.ts) holds the error catalogue, the
 * failure-screen titles and 'success.title'. Hosts override any key via `config.intl.textLocalization`.
 */
export const en = {
  'common.back': 'Back',
  'common.close': 'Close',
  'common.loading': 'Loading',
  'common.submit': 'Submit',
  'common.continue': 'Continue',

  'landing.header': 'Log in or sign up',
  'landing.moreOptions': 'More options',
  'landing.continueWithWallet': 'Continue with a wallet',
  'landing.otherWallets': 'Other wallets',
  'landing.emailOrSocials': 'Log in with e-mail or socials',
  'landing.otherSocials': 'Other socials',
  'landing.passkey': 'I have a passkey',
  'landing.loginMethods': 'Login methods',

  'otp.title': 'Enter confirmation code',
  'otp.subtitle': 'Please check {destination} and enter the code we sent.',
  'otp.resend': 'Resend code',
  'otp.codeSent': 'Code sent',
  'otp.didNotGetCode': "Didn't get a code?",
  'otp.digit': 'Digit {n}',
  'otp.code': 'Confirmation code',
  'otp.notNumeric': 'Passcode can only be numbers',
  'otp.tooLong': 'Passcode must be exactly 6 numbers',
  'otp.verifying': 'Verifying code',

  'phone.country': 'Country',
  'phone.inputLabel': 'Phone number',
  'phone.invalid': 'Please enter a valid phone number.',
  'phone.tooLong': 'Phone number is too long',
} as const satisfies Record<string, string>

/** A key of the ui layer's English table. */
export type UiTextKey = keyof typeof en
