import type { PasswordKdf, RecoveryKeyInfo } from '../../schema.js'
import { derivePasswordKey, newPasswordKdf } from './passwordKey.js'

/**
 * The seam between a user-owned recovery method and the vault: how the frame obtains the 32-byte key that encrypts
 * the wallet's recovery share. The vault does the rest alike for every method (make the share, seal it with the
 * user/root/method AAD, store it, or fetch, open and check it). 'user-passcode' derives the key from a password by
 * argon2id and stores the parameters; 'google-drive' and 'icloud' will make a random key and keep it in the user's
 * Drive appDataFolder or CloudKit (their `params` then say where, and `keyFor` fetches it).
 */
export interface RecoveryKeySource {
  method: 'user-passcode' | 'google-drive' | 'icloud'
  /** A new key for setting recovery, and what the server stores beside the ciphertext to get the key again. */
  newKey(): Promise<{ key: Uint8Array; kdf: RecoveryKeyInfo }>
  /** The key again, from what was stored (a password's KDF parameters, or a cloud key's file / record name). */
  keyFor(kdf: RecoveryKeyInfo): Promise<Uint8Array>
}

/** The password method's key source: argon2id of the password (which lives in the frame's page only). */
export function passwordKeySource(password: string): RecoveryKeySource {
  return {
    method: 'user-passcode',
    async newKey() {
      const kdf: PasswordKdf = newPasswordKdf()
      return { key: await derivePasswordKey(password, kdf), kdf }
    },
    keyFor: (kdf) => {
      if (kdf.algorithm !== 'argon2id') throw new Error('This wallet is not recovered with a password')
      return derivePasswordKey(password, kdf as PasswordKdf)
    },
  }
}
