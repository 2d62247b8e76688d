// The embedded wallet's wire values and error texts, apart from the valibot schemas (schema.ts) so the host's first
// load carries none of those: the client half needs only these constants until a wallet is used.

/** The screens of the create-on-login flow. */
export const WALLET_SCREENS = { connecting: 'embedded-wallet/connecting', created: 'embedded-wallet/created' } as const
/** The sign screen's id. */
export const SIGN_SCREEN = 'embedded-wallet/sign'
/** 'Add suggested token': the approval of wallet_watchAsset (EIP-747). */
export const WATCH_ASSET_SCREEN = 'embedded-wallet/watch-asset'
/** 'Add network': the approval of wallet_addEthereumChain (EIP-3085) for a chain the wallet doesn't know. */
export const ADD_CHAIN_SCREEN = 'embedded-wallet/add-chain'
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
 * them (ServerPlugin.errorCodes) and the client half maps them to texts (`embeddedWalletServerErrorTexts`).
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
  'invalid_recovery_pin', // 400: a password's verifier that doesn't match (a wrong password)
  'recovery_password_locked', // 429: too many wrong passwords; a new login (and MFA) or another device gets more tries
  'recovery_key_expired', // 400: set_recovery without a fresh recovery_key evaluation (start setting the password again)
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
  INVALID_RECOVERY_PIN: 'Invalid recovery password, please try again.',
  RECOVERY_PASSWORD_LOCKED: 'Too many wrong passwords: password recovery is locked for this wallet. Log in again to try more, or recover it on a device that has it.',
  RECOVERY_KEY_EXPIRED: 'Error setting password on Foyer wallet',
}

/** Wrong passwords in a row after which the server evaluates no more for the wallet (until a new login, see README). */
export const RECOVERY_PASSWORD_MAX_FAILURES = 10

/** The argon2id parameters of a new recovery password (ARCHITECTURE §14: m = 19 MiB, t = 2, p = 1; 32-byte key). */
export const PASSWORD_KDF = { algorithm: 'argon2id', version: 19, memory_kib: 19_456, iterations: 2, parallelism: 1, hash_length: 32 } as const
/** A new password's key: the OPRF output stretched by the same argon2id into 64 bytes (key ‖ verifier). */
export const OPRF_PASSWORD_KDF = { algorithm: 'oprf-argon2id', oprf: 'ristretto255-SHA512', version: 19, memory_kib: 19_456, iterations: 2, parallelism: 1, hash_length: 64 } as const
