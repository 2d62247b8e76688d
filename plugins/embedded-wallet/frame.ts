// The frame-half API moved to the wallet frame's own folder (plugins/wallet-frame/frame.ts): this entry re-exports it
// for hosts and third-party halves that import `foyer/plugins/embedded-wallet/frame`. The password's OPRF and KDF
// parameters are recovery-password's (`foyer/plugins/recovery-password/frame`).
export * from '../wallet-frame/frame.js'
