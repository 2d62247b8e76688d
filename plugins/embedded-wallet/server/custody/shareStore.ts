import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import type { WalletKeys } from './walletKeys.js'

/**
 * Which server-held secret: the auth share (released to the frame), the recovery share, or the OPRF key of a root's
 * password (never released: the server evaluates with it).
 */
export type ShareKind = 'auth' | 'recovery' | 'oprf'

/** Whose share: both go into the AAD, so a ciphertext moved to another user or root doesn't open. */
export interface ShareOwner {
  userId: string
  rootId: string
}

/** A share as it is stored (every field text, base64 or an id). */
export interface SealedShare {
  /** AES-256-GCM ciphertext with its 16-byte tag appended. */
  ciphertext: string
  iv: string
  /** Which key sealed it (a fingerprint, not the key): a changed key is reported as such, not as a bad tag. */
  keyId: string
  /** Recovery shares of automatic ('privy') recovery: the wallet's own random key, wrapped under the recovery key. */
  wrappedKey: string | null
  wrappedKeyIv: string | null
}

/**
 * The custody interface: seals shares for the database and opens them. The default (createShareStore) is
 * AES-256-GCM under two server keys; a KMS or TEE backend implements the same two calls (envelope encryption
 * with the KMS holding the key-encryption keys, or sealing inside the enclave) and is passed to
 * `embeddedWalletServer({ shareStore })`.
 */
export interface ShareStore {
  /** Encrypts a share of `owner`'s root. Recovery shares are sealed for automatic ('privy') recovery. */
  seal(owner: ShareOwner, kind: ShareKind, share: Uint8Array): Promise<SealedShare>
  /** Decrypts what `seal` made for the same owner and kind; throws on any other. */
  open(owner: ShareOwner, kind: ShareKind, sealed: SealedShare): Promise<Uint8Array>
}

/** A stored share the store can't open: another key sealed it, or it was changed or moved. */
export class ShareUnsealError extends Error {
  override name = 'ShareUnsealError'
}

const AAD_VERSION = 'foyer-embedded-wallet-share/v1'
/** AAD = purpose + user id + root id + share kind; JSON, so no two tuples encode alike. */
const aad = (owner: ShareOwner, purpose: ShareKind | 'recovery-key') => Buffer.from(JSON.stringify([AAD_VERSION, owner.userId, owner.rootId, purpose]))
const keyIdOf = (key: Uint8Array) => createHash('sha256').update('foyer-kek-id').update(key).digest('hex').slice(0, 16)

function encrypt(key: Uint8Array, plain: Uint8Array, additional: Buffer) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(additional)
  const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
  return { ciphertext: body.toString('base64'), iv: iv.toString('base64') }
}

function decrypt(key: Uint8Array, ciphertext: string, iv: string, additional: Buffer, what: string): Uint8Array {
  const body = Buffer.from(ciphertext, 'base64')
  const nonce = Buffer.from(iv, 'base64')
  if (body.length < 17 || nonce.length !== 12) throw new ShareUnsealError(`The stored ${what} is malformed`)
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce)
    decipher.setAAD(additional)
    decipher.setAuthTag(body.subarray(body.length - 16))
    return new Uint8Array(Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]))
  } catch {
    throw new ShareUnsealError(`The stored ${what} does not open: it was changed, or belongs to another user or wallet`)
  }
}

/**
 * The default custody backend: an auth share is AES-256-GCM under FOYER_WALLET_KEK; a recovery share under a
 * random key of its own wallet, which is itself AES-256-GCM under FOYER_RECOVERY_KEK (automatic recovery keeps
 * that key on the server, apart from the auth shares' key). Every ciphertext's AAD is user id + root id + kind.
 */
export function createShareStore(keys: WalletKeys): ShareStore {
  const walletKeyId = keyIdOf(keys.walletKek)
  const recoveryKeyId = keyIdOf(keys.recoveryKek)
  const checkKey = (sealed: SealedShare, expected: string, variable: string) => {
    if (sealed.keyId !== expected) {
      throw new ShareUnsealError(`A stored share was sealed under another ${variable} (key id ${sealed.keyId}; this server has ${expected})`)
    }
  }
  return {
    async seal(owner, kind, share) {
      if (kind === 'auth') return { ...encrypt(keys.walletKek, share, aad(owner, 'auth')), keyId: walletKeyId, wrappedKey: null, wrappedKeyIv: null }
      // A password's OPRF key sits under the recovery key, apart from the auth shares' key: opening a password wallet
      // offline takes both server keys, the database, and an argon2id per guess.
      if (kind === 'oprf') return { ...encrypt(keys.recoveryKek, share, aad(owner, 'oprf')), keyId: recoveryKeyId, wrappedKey: null, wrappedKeyIv: null }
      const walletKey = randomBytes(32)
      const sealed = encrypt(walletKey, share, aad(owner, 'recovery'))
      const wrapped = encrypt(keys.recoveryKek, walletKey, aad(owner, 'recovery-key'))
      walletKey.fill(0)
      return { ...sealed, keyId: recoveryKeyId, wrappedKey: wrapped.ciphertext, wrappedKeyIv: wrapped.iv }
    },
    async open(owner, kind, sealed) {
      if (kind === 'auth') {
        checkKey(sealed, walletKeyId, 'FOYER_WALLET_KEK')
        return decrypt(keys.walletKek, sealed.ciphertext, sealed.iv, aad(owner, 'auth'), 'auth share')
      }
      checkKey(sealed, recoveryKeyId, 'FOYER_RECOVERY_KEK')
      if (kind === 'oprf') return decrypt(keys.recoveryKek, sealed.ciphertext, sealed.iv, aad(owner, 'oprf'), 'password key')
      if (!sealed.wrappedKey || !sealed.wrappedKeyIv) throw new ShareUnsealError('The stored recovery share has no automatic-recovery key')
      const walletKey = decrypt(keys.recoveryKek, sealed.wrappedKey, sealed.wrappedKeyIv, aad(owner, 'recovery-key'), 'recovery key')
      try {
        return decrypt(walletKey, sealed.ciphertext, sealed.iv, aad(owner, 'recovery'), 'recovery share')
      } finally {
        walletKey.fill(0)
      }
    },
  }
}
