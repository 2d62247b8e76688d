// The password method's numbers, shared by its frame half (the KDF a new password gets) and its server half (the lock).

/** Wrong passwords in a row after which the server evaluates no more for the wallet (until a new login, see docs/plugins/recovery-password.md). */
export const RECOVERY_PASSWORD_MAX_FAILURES = 10

/** The argon2id parameters of a new recovery password (ARCHITECTURE §14: m = 19 MiB, t = 2, p = 1; 32-byte key). */
export const PASSWORD_KDF = { algorithm: 'argon2id', version: 19, memory_kib: 19_456, iterations: 2, parallelism: 1, hash_length: 32 } as const
/** A new password's key: the OPRF output stretched by the same argon2id into 64 bytes (key ‖ verifier). */
export const OPRF_PASSWORD_KDF = { algorithm: 'oprf-argon2id', oprf: 'ristretto255-SHA512', version: 19, memory_kib: 19_456, iterations: 2, parallelism: 1, hash_length: 64 } as const

/**
 * Error codes the password's routes answer besides core's and embedded-wallet's: the server half declares them
 * (ServerPlugin.errorCodes) and the client half maps them to texts (`recoveryPasswordServerErrorTexts`).
 */
export const recoveryPasswordErrorCodes = [
  'invalid_recovery_pin', // 400: a password's verifier that doesn't match (a wrong password)
  'recovery_password_locked', // 429: too many wrong passwords; a new login (and MFA) or another device gets more tries
  'recovery_key_expired', // 400: set_recovery without a fresh recovery_key evaluation (start setting the password again)
] as const
export type RecoveryPasswordErrorCode = (typeof recoveryPasswordErrorCodes)[number]

/** The spec's texts (§8, our product name in place of theirs) for the client plugin's `errors` slot and the routes. */
export const recoveryPasswordServerErrorTexts: Record<Uppercase<RecoveryPasswordErrorCode>, string> = {
  INVALID_RECOVERY_PIN: 'Invalid recovery password, please try again.',
  RECOVERY_PASSWORD_LOCKED: 'Too many wrong passwords: password recovery is locked for this wallet. Log in again to try more, or recover it on a device that has it.',
  RECOVERY_KEY_EXPIRED: 'Error setting password on Foyer wallet',
}
