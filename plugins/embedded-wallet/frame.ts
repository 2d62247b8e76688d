// The embedded wallet's frame entry: what a plugin's frame half (`plugins/<id>/frame.ts`) imports. The wallet frame's
// kernel loads a half only when one of its events arrives (the plugin's server half declares them: `frame` in
// defineServerPlugin); nothing of it reaches the host page.
export { defineFrameHalf, frameData, type FrameHalf, type FrameHandler, type FrameKernel, type FrameWallet } from '../wallet-frame/frame/kernel/frameHalf.js'
export { FrameFailure, GENERIC_FAILURE, isFrameFailure } from '../wallet-frame/frame/frameFailure.js'
export { testFrameKernel, type TestFrameKernelOptions } from '../wallet-frame/frame/kernel/testFrameKernel.js'

// A recovery method's half (recovery-password, recovery-google-drive, recovery-icloud, a third party's): the recovery
// page's kernel loads it for its `recoveryMethod`s and hands it a RecoveryPage; it gives the vault a key source.
export { defineRecoveryHalf, type RecoveryHalf, type RecoveryMethodHalf, type RecoveryPage } from '../wallet-frame/frame/kernel/recoveryHalf.js'
export type { NewKeyEvaluation, OprfRecoveryRound, RecoveryKeySource } from '../wallet-frame/frame/recovery/recoveryKeySource.js'
export { INVALID_RECOVERY_PASSWORD } from '../wallet-frame/frame/vault/walletVault.js'
export { oprfBlind, oprfFinalize } from './custody/recoveryOprf.js'
export { OPRF_PASSWORD_KDF, PASSWORD_KDF } from './walletConstants.js'
export type { CloudKeyLocator, CloudRecoveryMethod, OprfPasswordKdf, PasswordKdf, RecoveryKeyInfo } from '../wallet-frame/schema.js'
export { fromBase64, toBase64 } from '../wallet-frame/frame/base64.js'
export { actions, button, copyButton, errorLine, h, page, text } from '../wallet-frame/frame/pages/frameDom.js'
export { OAUTH_MESSAGES, RECOVERY_OAUTH_CALLBACK_PATH } from '../wallet-frame/frame/pages/recoveryCallback.js'
