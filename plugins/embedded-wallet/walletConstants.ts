// The embedded wallet's wire values and error texts, apart from the valibot schemas (schema.ts) so the host's first
// load carries none of those: the client half needs only these constants until a wallet is used.

/** The screens of the create-on-login flow. */
export const WALLET_SCREENS = { connecting: 'embedded-wallet/connecting', created: 'embedded-wallet/created' } as const
/** The export screen's id. */
export const EXPORT_SCREEN = 'embedded-wallet/export'
/** The password screens: set a recovery password, and 'Enter your password' on a device without the wallet. */
export const RECOVERY_SCREENS = {
  setPassword: 'embedded-wallet/set-recovery-password',
  enterPassword: 'embedded-wallet/recover-password',
  /** 'Secure your account' / 'Update backup method': Google Drive, iCloud, password (and automatic, when leaving one). */
  select: 'embedded-wallet/recovery-select',
  /** 'Automatically secure your account': back to automatic ('privy') recovery. */
  automatic: 'embedded-wallet/recovery-automatic',
  /** The password-update splash: 'Secure Your Account', 'Add password' (the recovery-password plugin's screen). */
  passwordSplash: 'recovery-password/splash',
} as const
/** The modal intent of setWalletRecovery, and its exit (the spec's text, §8). */
export const SET_RECOVERY_INTENT = 'set-recovery'
export const SET_RECOVERY_EXIT_TEXT = 'User exited set recovery flow'
/** The spec's wallet creation timeout (§4, §9). */
export const WALLET_CREATE_TIMEOUT_MS = 20_000
/**
 * Waits before each new try of a wallet creation whose call never reached the server (a dropped connection): the frame
 * resumes it with the same key, so a retry never makes a second wallet. All within WALLET_CREATE_TIMEOUT_MS.
 */
export const WALLET_CREATE_RETRY_WAITS_MS: readonly number[] = [500, 1_000, 2_000, 4_000]

// Chains and recovery methods are the custody wire's (the wallet frame's).
export { creatableRecoveryMethods, recoveryMethods, userOwnedRecoveryMethods, walletChainTypes, type RecoveryMethod, type WalletChainType } from '../wallet-frame/index.js'

/** The spec's wire values of an embedded wallet's linked account (kept for migration from Privy). */
export const EMBEDDED_WALLET_CLIENT_TYPE = 'privy'
export const EMBEDDED_CONNECTOR_TYPE = 'embedded'
export const EMBEDDED_IMPORTED_CONNECTOR_TYPE = 'embedded_imported'
/** The chain id an embedded Ethereum wallet's account carries (CAIP-2; the wallet itself works on every EVM chain). */
export const EMBEDDED_ETHEREUM_CHAIN_ID = 'eip155:1'

/**
 * Error codes the plugin's routes answer besides core's (core/protocol/errorCodes.ts): the server half declares
 * them (ServerPlugin.errorCodes) and the client half maps them to texts (`embeddedWalletServerErrorTexts`). The password's
 * (invalid_recovery_pin, recovery_password_locked, recovery_key_expired) are recovery-password's.
 */
export const embeddedWalletErrorCodes = [
  'wallet_already_exists', // 400: the user has an embedded wallet of this chain, or the address is already theirs
  'embedded_wallet_not_found', // 404: the address is none of the caller's embedded wallets
  'invalid_wallet_index', // 400: add with an index other than the root's next free one, or on an imported wallet
  'solana_requires_privy_recovery', // 400: a Solana wallet for a user whose Ethereum wallet has user-owned recovery
  'unsupported_recovery_method', // 400: recover of a wallet whose recovery method isn't automatic (data.recovery_method)
  'embedded_wallets_disabled', // 403: the app's entry has no "embedded-wallet" section
  'user_owned_recovery_with_solana', // 400: set_recovery to a user-owned method for a user with a Solana wallet
  'recovery_method_not_enabled', // 400: set_recovery to a method the app's user_owned_recovery_options don't offer
  'recovery_oauth_failed', // 400: a Google Drive / iCloud recovery login failed (state, verifier, or the provider refused)
  'recovery_oauth_not_configured', // 400: the server has no Google client / CloudKit container for that method
  'invalid_custody_proof', // 400: a custody write without the wallet's valid signature of the statement, or a spent nonce
] as const
export type EmbeddedWalletErrorCode = (typeof embeddedWalletErrorCodes)[number]

/** The spec's texts (§8, our product name in place of theirs) for the client plugin's `errors` slot. */
export const embeddedWalletServerErrorTexts: Record<Uppercase<EmbeddedWalletErrorCode>, string> = {
  WALLET_ALREADY_EXISTS: 'User already has an embedded wallet.',
  EMBEDDED_WALLET_NOT_FOUND: 'User must be authenticated and have a Foyer wallet before it can be connected/recovered',
  INVALID_WALLET_INDEX: 'Failed to create wallet',
  SOLANA_REQUIRES_PRIVY_RECOVERY: 'Failed to create wallet',
  UNSUPPORTED_RECOVERY_METHOD: 'Unable to recover wallet',
  EMBEDDED_WALLETS_DISABLED: 'Unable to connect to wallet',
  USER_OWNED_RECOVERY_WITH_SOLANA: 'User-controlled recovery cannot be set for users with a Solana wallet',
  RECOVERY_METHOD_NOT_ENABLED: 'Unable to set recovery on wallet',
  RECOVERY_OAUTH_FAILED: 'Recovery OAuth failed',
  RECOVERY_OAUTH_NOT_CONFIGURED: 'Recovery OAuth failed',
  INVALID_CUSTODY_PROOF: 'Unable to connect to wallet',
}
