/** The embedded wallet's English texts (the spec's, with our product name in place of theirs). */
export const embeddedWalletTexts = {
  'embeddedWallet.created.title': 'Welcome',
  'embeddedWallet.created.body': 'All set!',
  'embeddedWallet.connecting.title': 'Setting up your wallet',
  'embeddedWallet.connecting.body': 'This will only take a moment.',
  'embeddedWallet.sign.title': 'Sign message',
  'embeddedWallet.sign.description': 'Signing this message will not cost you any fees.',
  'embeddedWallet.sign.button': 'Sign and continue',
  'embeddedWallet.sign.signing': 'Signing...',
  'embeddedWallet.sign.success': 'Success',
  'embeddedWallet.sign.typedData': 'Typed data',
  'embeddedWallet.error.createFailed': 'Failed to create wallet',
  'embeddedWallet.export.title': 'Transfer wallet',
  'embeddedWallet.export.warning': 'Never share your private key or seed phrase with anyone: whoever has it controls this wallet and its assets.',
  'embeddedWallet.export.learnMore': 'Learn more',
  'embeddedWallet.export.loading': 'Loading...',
  'embeddedWallet.export.failed': 'Unable to connect to wallet',
  'embeddedWallet.export.frameTitle': 'Your wallet key',
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
} as const
