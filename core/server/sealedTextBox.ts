import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/** Text a server half keeps sealed at rest and must open again (TOTP secrets, webhook signing secrets). */
export interface SealedTextBox {
  /** Seals `text` bound to `owner` (AAD): it opens only for the same owner. */
  seal(owner: string, text: string): string
  open(owner: string, sealed: string): string
}

/**
 * A 32-byte key-encryption key from base64 (or base64url) or hex, read from the variable `name`; anything else stops
 * the start, naming only the variable.
 */
export function parseKek(name: string, value: string): Uint8Array {
  const text = value.trim()
  let bytes: Buffer | null = null
  if (/^[0-9a-fA-F]{64}$/.test(text)) bytes = Buffer.from(text, 'hex')
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
  if (!bytes || bytes.length !== 32) throw new Error(`${name} must be 32 random bytes as base64 or hex, e.g. \`openssl rand -base64 32\`.`)
  return bytes
}

/**
 * AES-256-GCM under `key`, each text bound to `foyer:<purpose>:<owner>` (AAD). Sealed form: base64url of
 * iv(12) | tag(16) | ciphertext.
 */
export function createSealedTextBox(key: Uint8Array, purpose: string): SealedTextBox {
  const aad = (owner: string) => Buffer.from(`foyer:${purpose}:${owner}`)
  return {
    seal(owner, text) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(owner))
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    open(owner, sealed) {
      const raw = Buffer.from(sealed, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(aad(owner))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}
