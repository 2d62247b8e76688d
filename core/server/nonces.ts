import { randomBytes } from 'node:crypto'
import { checkTableName } from './db/checkTableName.js'
import type { Db } from './db/Db.js'
import type { Secrets } from './secrets.js'

/** Options of createNonceStore. */
export interface NonceStoreOptions {
  /** Table made by `nonceTableSql(table)` in the plugin's migration. */
  table: string
  /** Bound into the stored hash (`<purpose>-nonce`) so a nonce of one plugin never matches another's ('siwe', 'siws'). */
  purpose: string
  /** How long a nonce stays valid. Default 600 (10 minutes). */
  ttlSeconds?: number
}

/** What a nonce is worth to (app, subject) right now, without spending it. */
export type NonceCheck = 'ok' | 'unknown' | 'used' | 'expired' | 'other_subject'

/** Single-use sign-in nonces bound to an app and a subject (a wallet address): issue, check, consume. */
export interface NonceStore {
  readonly ttlSeconds: number
  /** Makes a nonce for `subject` and drops long-dead rows; answers the plain nonce (stored only as a hash). */
  issue(appId: string, subject: string): Promise<string>
  /** Reads the nonce's state for precise error messages; spends nothing, so it never replaces `consume`. */
  check(appId: string, subject: string, nonce: string): Promise<NonceCheck>
  /** Spends the nonce inside the caller's transaction; false when it is unknown, used, expired or another subject's. A racing use loses. */
  consume(tx: Db, appId: string, subject: string, nonce: string): Promise<boolean>
}

const tableName = (table: string) => checkTableName(table, 'nonce')

/** The migration SQL of a nonce table (`address` is the subject the nonce was issued for). */
export function nonceTableSql(table: string): string {
  const t = tableName(table)
  return `
CREATE TABLE ${t} (
  id bigserial PRIMARY KEY,
  nonce_hash text NOT NULL UNIQUE,
  app_id text NOT NULL,
  address text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX ${t}_expiry ON ${t} (expires_at);`
}

/**
 * Nonces of 128 random bits, stored as a SHA-256 hash, bound to app and subject, valid for `ttlSeconds`,
 * single use even under parallel submissions. Everything lives in the database, so several server
 * instances agree.
 */
export function createNonceStore(deps: { db: Db; secrets: Secrets; now: () => number }, options: NonceStoreOptions): NonceStore {
  const { db, secrets, now } = deps
  const t = tableName(options.table)
  const ttl = options.ttlSeconds ?? 600
  // 128 random bits need no key: a plain hash keeps a database leak from yielding live nonces.
  const hash = (nonce: string) => secrets.sha256(`${options.purpose}-nonce\n${nonce}`)

  return {
    ttlSeconds: ttl,
    async issue(appId, subject) {
      // EIP-4361 nonces are alphanumeric: 128 random bits as hex.
      const nonce = randomBytes(16).toString('hex')
      const at = now()
      // Cleanup rides on issue, so no scheduler is needed; a day's grace past expiry lets check() still answer 'expired' rather than 'unknown'.
      await db.query(`DELETE FROM ${t} WHERE expires_at < $1`, [new Date(at - 86_400_000)])
      await db.query(`INSERT INTO ${t} (nonce_hash, app_id, address, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
        hash(nonce),
        appId,
        subject,
        new Date(at),
        new Date(at + ttl * 1000),
      ])
      return nonce
    },

    async check(appId, subject, nonce) {
      const [row] = await db.query<{ address: string; expired: boolean; consumed: boolean }>(
        `SELECT address, expires_at <= $3 AS expired, consumed_at IS NOT NULL AS consumed FROM ${t} WHERE nonce_hash = $1 AND app_id = $2`,
        [hash(nonce), appId, new Date(now())],
      )
      if (!row) return 'unknown'
      if (row.consumed) return 'used'
      if (row.expired) return 'expired'
      if (row.address !== subject) return 'other_subject'
      return 'ok'
    },

    async consume(tx, appId, subject, nonce) {
      // One conditional UPDATE: of parallel submissions exactly one sees the row unspent.
      const rows = await tx.query(
        `UPDATE ${t} SET consumed_at = $4
         WHERE nonce_hash = $1 AND app_id = $2 AND address = $3 AND consumed_at IS NULL AND expires_at > $4 RETURNING 1`,
        [hash(nonce), appId, subject, new Date(now())],
      )
      return rows.length > 0
    },
  }
}
