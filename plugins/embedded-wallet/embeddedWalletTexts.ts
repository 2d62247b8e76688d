import { SET_RECOVERY_EXIT_TEXT } from './walletConstants.js'

// The plugin's screens, operations and provider import this module; the plugin entry does not (not even to re-export
// it: see publicTexts.ts), so the host's first load doesn't carry it: the kernel loads `embeddedWalletTexts` with the
// plugin's first screen (the plugin's `loadTexts`).

/** The embedded wallet's English texts (the spec's, with our product name in place of theirs). */
export const embeddedWalletTexts = {
  'embeddedWallet.created.title': 'Welcome',
  'embeddedWallet.created.body': 'All set!',
  'embeddedWallet.connecting.title': 'Setting up your wallet',
  'embeddedWallet.connecting.body': 'This will only take a moment.',
  'embeddedWallet.error.createFailed': 'Failed to create wallet',
  'embeddedWallet.export.title': 'Transfer wallet',
  'embeddedWallet.export.warning': 'Never share your private key or seed phrase with anyone: whoever has it controls this wallet and its assets.',
  'embeddedWallet.export.learnMore': 'Learn more',
  'embeddedWallet.export.loading': 'Loading...',
  'embeddedWallet.export.failed': 'Unable to connect to wallet',
  'embeddedWallet.export.frameTitle': 'Your wallet key',
  'embeddedWallet.recovery.setTitle': 'Secure your account',
  'embeddedWallet.recovery.enterTitle': 'Enter your password',
  'embeddedWallet.recovery.frameTitle': 'Your recovery password',
  'embeddedWallet.recovery.loading': 'Loading...',
  'embeddedWallet.recovery.updateTitle': 'Update backup method',
  'embeddedWallet.recovery.selectSubtitle': 'Choose how to back up your wallet. You will need the backup to use your wallet on a new device.',
  'embeddedWallet.recovery.option.automatic': 'Automatic recovery',
  'embeddedWallet.recovery.current': 'Current',
  'embeddedWallet.recovery.why': 'Why do I need to secure my account?',
  'embeddedWallet.recovery.whyBody':
    'Your wallet lives on this device. A backup only you can open lets you get it back when you sign in on another device or lose this one. Without it, losing your device means losing access to your wallet and its assets.',
  'embeddedWallet.recovery.automaticTitle': 'Automatically secure your account',
  'embeddedWallet.recovery.automaticBody':
    'Foyer will keep your backup and recover your wallet automatically when you sign in on a new device. Your current backup will no longer be used.',
  'embeddedWallet.recovery.confirm': 'Confirm',
  'embeddedWallet.recovery.tryAgain': 'Try again',
  'embeddedWallet.recovery.somethingWrong': 'Something went wrong',
  'embeddedWallet.recovery.cloudTitle': 'Recover your wallet',
} as const

/** The spec's error messages (§5, §8). */
export const embeddedWalletErrors = {
  createFailed: 'Failed to create wallet',
  createTimedOut: 'walletProxy.create timed out.',
  noToken: 'An error has occured, please login again.',
  alreadyExists: 'User already has an embedded wallet.',
  notAuthenticated: (action: string) => `User must be authenticated before ${action}`,
  noWalletSigning: 'Must have a Foyer wallet before signing',
  noWalletExporting: 'Must have a Foyer wallet before exporting',
  emptyMessage: 'Message must be a non-empty string',
  rejected: 'The user rejected the request.',
  unableToConnect: 'Unable to connect to wallet',
  unableToSetRecovery: 'Unable to set recovery on wallet',
  exitedSetRecovery: SET_RECOVERY_EXIT_TEXT,
  exitedBeforePassword: 'Exited before password was added to wallet',
  passwordOnCreateFailed: 'User created a wallet but failed to set a password for it',
  settingPasswordFailed: 'Error setting password on foyer wallet',
  unableToRecover: 'Unable to recover wallet',
  solanaBlocksUserRecovery: 'User-controlled recovery cannot be set for users with a Solana wallet',
  noWalletRecovery: 'User must be authenticated and have a Foyer wallet before it can be connected/recovered',
} as const
