// The plugin's screens, flows and provider import this module; the plugin entry does not (not even to re-export it:
// see publicTexts.ts), so the host's first load doesn't carry it: the kernel loads `walletEthereumTexts` with the
// plugin's first screen (the plugin's `loadTexts`). The keys keep the embedded wallet's prefix: hosts override them
// with `embeddedWallet({ texts })` or `textLocalization` as before.

/** The Ethereum face's English texts: the sign screen and the wallet_* approvals. */
export const walletEthereumTexts = {
  'embeddedWallet.sign.title': 'Sign message',
  'embeddedWallet.sign.description': 'Signing this message will not cost you any fees.',
  'embeddedWallet.sign.button': 'Sign and continue',
  'embeddedWallet.sign.signing': 'Signing...',
  'embeddedWallet.sign.success': 'Success',
  'embeddedWallet.sign.typedData': 'Typed data',
  'embeddedWallet.signTypedData.title': 'Sign typed data',
  'embeddedWallet.signTypedData.domain': 'Domain',
  'embeddedWallet.signTypedData.message': 'Message',
  'embeddedWallet.tx.network': 'Network',
  'embeddedWallet.tx.balance': 'Balance',
  // wallet_watchAsset (EIP-747) and wallet_addEthereumChain (EIP-3085): the spec has no screens for them, so these are ours.
  'embeddedWallet.watchAsset.title': 'Add suggested token',
  'embeddedWallet.watchAsset.subtitle': 'This app suggests adding this token to your wallet. Its balance will show with your wallet.',
  'embeddedWallet.watchAsset.token': 'Token',
  'embeddedWallet.watchAsset.name': 'Name',
  'embeddedWallet.watchAsset.contract': 'Contract',
  'embeddedWallet.watchAsset.decimals': 'Decimals',
  'embeddedWallet.watchAsset.approve': 'Add token',
  'embeddedWallet.addChain.title': 'Add network',
  'embeddedWallet.addChain.subtitle': 'This app wants to add a network to your wallet. Approving adds it and switches your wallet to it.',
  'embeddedWallet.addChain.warning':
    'Networks added by apps can be malicious: a network sees what your wallet does on it and can report false balances and results. Only add a network you trust.',
  'embeddedWallet.addChain.name': 'Network name',
  'embeddedWallet.addChain.chainId': 'Chain ID',
  'embeddedWallet.addChain.rpcUrl': 'RPC URL',
  'embeddedWallet.addChain.currency': 'Currency',
  'embeddedWallet.addChain.explorer': 'Block explorer',
  'embeddedWallet.addChain.approve': 'Approve',
  'embeddedWallet.request.cancel': 'Cancel',
} as const

/** The Ethereum face's error messages (the spec's; the same texts as `embeddedWalletErrors`' keys of these names). */
export const walletEthereumErrors = {
  emptyMessage: 'Message must be a non-empty string',
  rejected: 'The user rejected the request.',
} as const
