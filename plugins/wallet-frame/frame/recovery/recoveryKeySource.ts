import type { OprfPasswordKdf, RecoveryKeyInfo } from '../../schema.js'

/** The server's evaluation of a blinded input under a new key for the root (POST recovery_key). */
export type NewKeyEvaluation = (blindedElement: Uint8Array) => Promise<Uint8Array>

/** A password's OPRF round in a recovery: the blinded input recovery_share carries, then the key from its answer. */
export interface OprfRecoveryRound {
  blindedElement: Uint8Array
  finish(kdf: OprfPasswordKdf, evaluatedElement: Uint8Array): Promise<{ key: Uint8Array; verifier: Uint8Array }>
}

/**
 * The seam between a user-owned recovery method and the vault: how the frame obtains the 32-byte key that encrypts
 * the wallet's recovery share. The vault does the rest alike for every method (make the share, seal it with the
 * user/root/method AAD, store it, or fetch, open and check it). 'user-passcode' needs the server's OPRF evaluation
 * (counted per user) and stretches it with argon2id; 'google-drive' and 'icloud' make a random key and keep it in the
 * user's Drive appDataFolder or CloudKit (their `kdf` then says where, and `keyFor` fetches it).
 */
export interface RecoveryKeySource {
  method: 'user-passcode' | 'google-drive' | 'icloud'
  /**
   * A new key for setting recovery, what the server stores beside the ciphertext to get the key again, and for a
   * password the verifier the server will check. A password needs `evaluate` (the server's new key).
   */
  newKey(evaluate?: NewKeyEvaluation): Promise<{ key: Uint8Array; kdf: RecoveryKeyInfo; verifier?: Uint8Array }>
  /** The key again, from what was stored (a cloud key's file / record name, or an older password's KDF). */
  keyFor(kdf: RecoveryKeyInfo): Promise<Uint8Array>
  /** A password's recovery: its OPRF round (the server evaluates, counts, and releases the share for the verifier). */
  oprfRecovery?(): OprfRecoveryRound
}
