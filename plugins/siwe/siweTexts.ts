/** The spec's wallet sign-in texts (§8, wallet connection). */
export const siweTexts = {
  unableToAuthorize: 'Unable to authorize user',
  userRejected: 'Signature request was rejected',
  useDifferentWallet: 'Use a different wallet',
  linkedToAnother: 'This account has already been linked to another user.',
  notConnected: 'Wallet is not currently connected',
} as const
