/** The spec's wallet sign-in texts (§8 wallet connection, §5). */
export const siwsTexts = {
  unableToAuthorize: 'Unable to authorize user',
  userRejected: 'Signature request was rejected',
  useDifferentWallet: 'Use a different wallet',
  linkedToAnother: 'This account has already been linked to another user.',
  notConnected: 'Wallet is not currently connected',
  signMessageRequired: 'A Solana wallet must support message signing',
} as const
