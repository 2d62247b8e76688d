// The frame-half API moved to the wallet frame's own folder (plugins/wallet-frame/frame.ts): this entry re-exports it
// for hosts and third-party halves that import `foyer/plugins/embedded-wallet/frame`, with the password recovery's
// OPRF and KDF parameters, which are still the embedded wallet's.
export * from '../wallet-frame/frame.js'
export { oprfBlind, oprfFinalize } from './custody/recoveryOprf.js'
export { OPRF_PASSWORD_KDF, PASSWORD_KDF } from './walletConstants.js'
