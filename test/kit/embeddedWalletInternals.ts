// The embedded wallet's modules that the tests of the plugins it brings (wallet-ethereum, wallet-solana) drive
// directly: a plugin's tests import another plugin only through its public entries, the test kit may reach further.
export { frameEvents } from '../../plugins/wallet-frame/channel/frameProtocol.js'
export { WalletProxyError } from '../../plugins/wallet-frame/channel/walletProxy.js'
export { rememberWatchedAsset, watchedAssetsOf } from '../../plugins/embedded-wallet/state/walletPreferences.js'
export { typedDataV1Hash } from '../../plugins/embedded-wallet/frame/ethereum/typedDataV1.js'
