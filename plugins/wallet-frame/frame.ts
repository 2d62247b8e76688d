// The wallet frame's entry for frame halves: what a plugin's frame half (`plugins/<id>/frame.ts`) imports. The frame's
// kernel (handshake, origin checks, vault, keys, device-key proofs) loads a half only when one of its events arrives
// (the plugin's server half declares them: `frame` in defineServerPlugin); nothing of it reaches the host page.
export { defineFrameHalf, frameData, type FrameHalf, type FrameHandler, type FrameKernel, type FrameWallet } from './frame/kernel/frameHalf.js'
export { FrameFailure, GENERIC_FAILURE, isFrameFailure } from './frame/frameFailure.js'
export { testFrameKernel, type TestFrameKernelOptions } from './frame/kernel/testFrameKernel.js'
export { frameEvents, type FrameErrorType, type FrameEvent } from './channel/frameProtocol.js'

// A recovery method's half (recovery-password, recovery-google-drive, recovery-icloud, a third party's): the recovery
// page's kernel loads it for its `recoveryMethod`s and hands it a RecoveryPage; it gives the vault a key source.
export { defineRecoveryHalf, type RecoveryHalf, type RecoveryMethodHalf, type RecoveryPage } from './frame/kernel/recoveryHalf.js'
export type { NewKeyEvaluation, OprfRecoveryRound, RecoveryKeySource } from './frame/recovery/recoveryKeySource.js'
export { INVALID_RECOVERY_PASSWORD } from './frame/vault/walletVault.js'
export type { CloudKeyLocator, CloudRecoveryMethod, OprfPasswordKdf, PasswordKdf, RecoveryKeyInfo } from './schema.js'
export { fromBase64, toBase64 } from './frame/base64.js'
export { actions, button, copyButton, errorLine, h, page, text } from './frame/pages/frameDom.js'
export { OAUTH_MESSAGES, RECOVERY_OAUTH_CALLBACK_PATH } from './frame/pages/recoveryCallback.js'

// The frame's wallet creation on a throwaway device, outside a page: foyer/testing's createUser({ wallet }) (loaded lazily there).
export { createWalletsOnThrowawayDevice, type ThrowawayDeviceOptions } from './frame/vault/createWalletsOnThrowawayDevice.js'
