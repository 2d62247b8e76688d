/** Codes the plugin's client half raises (FlowError codes). */
export const smartWalletsTexts = {
  'smartWallets.notEnabled': 'Smart wallets are not enabled for this app',
  'smartWallets.noNetwork': 'Smart wallets are not configured for this network',
  'smartWallets.coinbaseChain': 'Coinbase Smart Wallet is not available on this network',
  'smartWallets.noEmbeddedWallet': 'A smart wallet needs an embedded wallet',
  'smartWallets.linkFailed': 'Could not link the smart wallet',
  'smartWallets.needsPermissionless': "Safe smart wallets need permissionless: smartWallets({ permissionless: () => import('permissionless/accounts') })",
  'smartWallets.sendFailed': 'The transaction could not be sent',
  'smartWallets.confirm.title': 'Confirm transaction',
  'smartWallets.sponsored': 'Sponsored',
  'smartWallets.paidByWallet': 'Paid by your smart wallet',
} as const
