import type { RecoveryMethod } from '../../custodyConstants.js'
import { fromBase64, toBase64 } from '../base64.js'

/** Whose recovery share: bound into the AAD, so a ciphertext copied to another user, root or method doesn't open. */
export interface RecoveryBinding {
  userId: string
  rootId: string
  method: RecoveryMethod
}

/** A recovery share encrypted under a user-owned key (AES-256-GCM; tag appended), as the server stores it. */
export interface EncryptedRecoveryShare {
  ciphertext: string
  iv: string
}

/** A user-owned key that doesn't open the stored recovery share: a wrong password, or a changed ciphertext. */
export class RecoveryKeyMismatch extends Error {
  override name = 'RecoveryKeyMismatch'
}

const AAD_VERSION = 'foyer-user-recovery-share/v1'
const aad = (b: RecoveryBinding) => new TextEncoder().encode(JSON.stringify([AAD_VERSION, b.userId, b.rootId, b.method]))
const aesKey = (key: Uint8Array, use: KeyUsage) => crypto.subtle.importKey('raw', key as BufferSource, 'AES-GCM', false, [use])

/** Encrypts a recovery share under a 32-byte user-owned key (a password's argon2id key, later a cloud-held one). */
export async function sealRecoveryShare(key: Uint8Array, share: Uint8Array, binding: RecoveryBinding): Promise<EncryptedRecoveryShare> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const body = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad(binding) }, await aesKey(key, 'encrypt'), share as BufferSource)
  return { ciphertext: toBase64(new Uint8Array(body)), iv: toBase64(iv) }
}

/** Decrypts what sealRecoveryShare made for the same binding; RecoveryKeyMismatch for any other key. */
export async function openRecoveryShare(key: Uint8Array, sealed: EncryptedRecoveryShare, binding: RecoveryBinding): Promise<Uint8Array> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv) as BufferSource, additionalData: aad(binding) },
      await aesKey(key, 'decrypt'),
      fromBase64(sealed.ciphertext) as BufferSource,
    )
    return new Uint8Array(plain)
  } catch {
    throw new RecoveryKeyMismatch('The recovery key does not open this recovery share')
  }
}
