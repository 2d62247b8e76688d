import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { storedSecret, type Db, type Logger } from '../../../core/server/index.js'

/** The environment variable of the key TOTP secrets are encrypted under. */
export const MFA_KEK_VAR = 'FOYER_MFA_KEK'

/** Seals TOTP secrets at rest: AES-256-GCM under the server's MFA key, bound to the user (AAD). */
export interface TotpSecretBox {
  seal(userId: string, secret: string): string
  open(userId: string, sealed: string): string
}

/** A 32-byte key from base64 (or base64url) or hex; anything else stops the start, naming only the variable. */
export function parseMfaKek(value: string): Buffer {
  const text = value.trim()
  let bytes: Buffer | null = null
  if (/^[0-9a-fA-F]{64}$/.test(text)) bytes = Buffer.from(text, 'hex')
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
  if (!bytes || bytes.length !== 32) throw new Error(`${MFA_KEK_VAR} must be 32 random bytes as base64 or hex, e.g. \`openssl rand -base64 32\`.`)
  return bytes
}

/**
 * The key: given, else FOYER_MFA_KEK. Production refuses to start without one (a key beside the data it protects
 * protects nothing). Dev mode keeps a generated key in the database's secrets table, with a warning.
 */
export async function resolveTotpKey(options: { key?: string | undefined; env?: Record<string, string | undefined>; dev: boolean; db: Db; logger: Logger }): Promise<Buffer> {
  const given = options.key ?? (options.env ?? process.env)[MFA_KEK_VAR]
  if (given) return parseMfaKek(given)
  if (!options.dev) {
    throw new Error(`Authenticator-app MFA needs ${MFA_KEK_VAR} in production (32 random bytes as base64 or hex): keep it in a secret manager, apart from the database.`)
  }
  options.logger.warn(`${MFA_KEK_VAR} is not set: dev mode keeps a generated MFA key in the database (never do this in production).`)
  return parseMfaKek((await storedSecret(options.db, 'mfa_totp_dev_kek', () => randomBytes(32).toString('base64'))).value)
}

/** The box over a resolved key. Sealed form: base64url of iv(12) | tag(16) | ciphertext. */
export function createTotpSecretBox(key: Buffer): TotpSecretBox {
  const aad = (userId: string) => Buffer.from(`foyer:mfa-totp:${userId}`)
  return {
    seal(userId, secret) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(userId))
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    open(userId, sealed) {
      const raw = Buffer.from(sealed, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(aad(userId))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}
