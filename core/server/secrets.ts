import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Db } from './db/Db.js'

/** Hashing and randomness helpers bound to the server secret (32 random bytes kept in the database). */
export interface Secrets {
  /** `bytes` random bytes as base64url (refresh tokens, ids). */
  random(bytes?: number): string
  /** A numeric code of `digits` digits from a CSPRNG. */
  randomCode(digits?: number): string
  /** SHA-256, hex: for high-entropy values such as refresh tokens. */
  sha256(value: string): string
  /** HMAC-SHA256 with the server secret, base64url: for low-entropy values (codes) a plain hash can't hide. */
  hmac(value: string): string
  /** Constant-time comparison of two strings. */
  equal(a: string, b: string): boolean
}

/**
 * A named value kept in the database (server_secrets): the first caller stores `initial()`, every caller gets the
 * stored value back, so instances starting together on one database agree. `created` tells whether this call stored it.
 */
export async function storedSecret(db: Db, name: string, initial: () => string): Promise<{ value: string; created: boolean }> {
  const read = async () => (await db.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = $1`, [name]))[0]?.value
  const found = await read()
  if (found !== undefined) return { value: found, created: false }
  const inserted = await db.query(`INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING name`, [name, initial()])
  return { value: (await read())!, created: inserted.length > 0 }
}

/** Loads the server secret, creating it on first start; concurrent starts agree on one value. */
export async function createSecrets(db: Db): Promise<Secrets> {
  const key = Buffer.from((await storedSecret(db, 'hmac', () => randomBytes(32).toString('base64url'))).value, 'base64url')
  return {
    random: (bytes = 32) => randomBytes(bytes).toString('base64url'),
    randomCode: (digits = 6) => String(randomInt(0, 10 ** digits)).padStart(digits, '0'),
    sha256: (value) => createHash('sha256').update(value).digest('hex'),
    hmac: (value) => createHmac('sha256', key).update(value).digest('base64url'),
    equal(a, b) {
      const x = Buffer.from(a)
      const y = Buffer.from(b)
      return x.length === y.length && timingSafeEqual(x, y)
    },
  }
}
