// Embedded wallets (issue 11, in progress): the host half of the wallet frame's channel. The modal plugin
// (`embeddedWallet()`), its screens and hooks build on these.
export { connectWalletProxy, assertSecureWalletContext, WalletProxyError, walletProxyTexts, type WalletProxy, type WalletProxyOptions } from './walletProxy.js'
export { FRAME_READY, FRAME_WAITS, frameEvents, frameErrorTypes, framePath, type FrameAnswer, type FrameErrorType, type FrameEvent, type FrameRequest } from './frameProtocol.js'
