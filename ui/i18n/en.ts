import { errorsEn } from '../../core/client/i18n/errorsEn.js'

/**
 * The ui layer's English copy (the spec's wording where it gives one), handed to the kernel as
 * i18n defaults, with the kernel's error catalogue (core/client/i18n/errorsEn.ts); the kernel's own table
 * (kernelEn) holds the flow texts. Hosts override any key via `config.intl.textLocalization`.
 */
export const en = {
  // The kernel's error catalogue: its English loads with the screens that show it.
  ...errorsEn,
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

  'unavailable.title': "Can't connect right now",
  'unavailable.detail': 'The sign-in service could not be reached. Check your connection and try again.',
  'unavailable.retry': 'Try again',
  'unavailable.retrying': 'Connecting',

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
  'otp.exhausted': "This code can't be used any more. Select 'Resend code' to get a new one.",

  'phone.country': 'Country',
  'phone.inputLabel': 'Phone number',
  'phone.invalid': 'Please enter a valid phone number.',
  'phone.tooLong': 'Phone number is too long',

  'wallet.list.title': 'Select your wallet',
  'wallet.list.label': 'Wallets',
  'wallet.list.empty': 'No wallets found',
  'wallet.recent': 'Recent',
  'wallet.connect': 'Connect',
  'wallet.install': 'Install',
  'wallet.waiting.title': 'Waiting for {wallet}',
  'wallet.waiting.detail': 'Approve the connection in your wallet.',
  'wallet.connected.title': 'Connected to {wallet}',
  'wallet.switching.title': 'Switching to a supported network',
  'wallet.switching.detail': 'Approve the network switch in {wallet}.',
  'wallet.signing.title': 'Sign in with {wallet}',
  'wallet.success.title': 'Wallet connected',
  'wallet.error.title': 'Unable to connect to wallet',
  'wallet.error.rejected': 'The user rejected the request.',
  'wallet.retry': 'Retry',
  'wallet.retryLimit': 'Unable to connect wallet',
  'wallet.useDifferent': 'Use a different wallet',
  'wallet.guide.title': 'Install {wallet}',
  'wallet.guide.step1': 'Install the {wallet} extension',
  'wallet.guide.step2': 'Set up your wallet: create a new wallet or import an existing one.',
  'wallet.guide.step3': 'Store your recovery phrase somewhere safe. Never share it.',
  'wallet.guide.reload': 'Reload the page to use your wallet',
  'wallet.guide.reloadButton': 'Reload page',
  'wallet.guide.open': 'Get {wallet}',

  'accountTransfer.title': '{method} is associated with another account',
  'accountTransfer.body': 'Do you want to transfer {handle} to this account instead? This will delete your other account.',
  'accountTransfer.transfer': 'Transfer and delete account',
  'accountTransfer.success': 'Success!',
  'accountTransfer.continue': 'Continue',
  'accountTransfer.decline': 'No thanks',
  'accountTransfer.assets.title': 'Check assets before transfer',
  'accountTransfer.assets.body': 'Assets in your other account will not be transferred and may be lost.',
  'accountTransfer.assets.hint': 'To keep them, log back into your other account and move them first, or look up its wallet on a block explorer.',
  'accountTransfer.assets.addressLabel': 'Wallet address of your other account',
  'accountTransfer.assets.copy': 'Copy address',
  'accountTransfer.assets.copied': 'Copied',
} as const satisfies Record<string, string>

/** A key of the ui layer's English table. */
export type UiTextKey = keyof typeof en
