import { checkTableName } from './db/checkTableName.js'
import type { Db } from './db/Db.js'
import { HttpError } from './HttpError.js'
import type { Secrets } from './secrets.js'

/** Options of createOtpCodes. */
export interface OtpCodesOptions {
  /** Table made by `otpCodesTableSql(table)` in the plugin's migration. */
  table: string
  /** Bound into the code's HMAC so a code for one purpose never verifies another ('email', 'sms'). */
  purpose: string
  /** How long a code stays valid. Default 600 (10 minutes). */
  ttlSeconds?: number
  /** Guesses allowed per code, right one included. Default 5. */
  maxAttempts?: number
  /** Digits per code. Default 6. */
  digits?: number
}

/** One-time verification codes sent to an address (e-mail, phone number): issue, check, consume. */
export interface OtpCodes {
  readonly ttlSeconds: number
  /** Makes a new code for `address` and kills the older ones; answers the plain code (to send, never to log). */
  issue(appId: string, address: string): Promise<string>
  /** Counts one guess atomically, then compares; answers the code's id when right, else 401 invalid_credentials. */
  check(appId: string, address: string, code: string): Promise<string>
  /** Marks the code used inside the caller's transaction; a racing use of the same code loses. */
  consume(tx: Db, id: string): Promise<void>
}

/** The spec's text for a wrong, used, expired or exhausted code. */
export const INVALID_CODE_MESSAGE = 'Invalid or expired verification code'

const tableName = (table: string) => checkTableName(table, 'code')

/** The migration SQL of a code table (`address` is where the code went: an e-mail or an E.164 number). */
export function otpCodesTableSql(table: string): string {
  const t = tableName(table)
  return `
CREATE TABLE ${t} (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  address text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX ${t}_lookup ON ${t} (app_id, address, created_at);`
}

/**
 * Codes from a CSPRNG, stored as an HMAC keyed with the server secret, valid for `ttlSeconds`, single
 * use, at most `maxAttempts` guesses even under a parallel burst; a new code kills the older ones.
 * Everything lives in the database, so several server instances agree.
 */
export function createOtpCodes(
  deps: { db: Db; secrets: Secrets; now: () => number; sweepExpired?: (table: string) => void },
  options: OtpCodesOptions,
): OtpCodes {
  const { db, secrets, now } = deps
  const t = tableName(options.table)
  // Passing `ctx` as deps hands the table to core's sweep job: codes go a day after they expire.
  deps.sweepExpired?.(t)
  const ttl = options.ttlSeconds ?? 600
  const maxAttempts = options.maxAttempts ?? 5
  const digits = options.digits ?? 6
  // Bound to purpose, app and address, and keyed with the server secret: a 6-digit code can't hide behind a plain hash.
  const hash = (appId: string, address: string, code: string) => secrets.hmac(`${options.purpose}\n${appId}\n${address}\n${code}`)
  // `attempts_left` (only for a live code) lets the code screen say when no guess can work any more and a new
  // code is needed; the code itself and whether the address has an account are never revealed.
  const invalid = (attemptsLeft?: number) =>
    new HttpError(401, 'invalid_credentials', INVALID_CODE_MESSAGE, attemptsLeft === undefined ? undefined : { attempts_left: attemptsLeft })

  return {
    ttlSeconds: ttl,
    async issue(appId, address) {
      const code = secrets.randomCode(digits)
      const at = now()
      await db.tx(async (tx) => {
        // Only the newest code of an address is live.
        await tx.query(`UPDATE ${t} SET consumed_at = $3 WHERE app_id = $1 AND address = $2 AND consumed_at IS NULL`, [
          appId,
          address,
          new Date(at),
        ])
        await tx.query(`INSERT INTO ${t} (app_id, address, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
          appId,
          address,
          hash(appId, address, code),
          new Date(at),
          new Date(at + ttl * 1000),
        ])
      })
      return code
    },

    async check(appId, address, code) {
      const [live] = await db.query<{ id: string }>(
        `SELECT id FROM ${t} WHERE app_id = $1 AND address = $2 AND consumed_at IS NULL AND expires_at > $3
         ORDER BY created_at DESC, id DESC LIMIT 1`,
        [appId, address, new Date(now())],
      )
      if (!live) throw invalid()
      // The attempt is counted before the comparison, so a burst of parallel guesses can't pass the cap.
      const [counted] = await db.query<{ code_hash: string; attempts: number }>(
        `UPDATE ${t} SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2 AND consumed_at IS NULL RETURNING code_hash, attempts`,
        [live.id, maxAttempts],
      )
      if (!counted) throw invalid(0)
      if (!secrets.equal(counted.code_hash, hash(appId, address, code))) throw invalid(Math.max(0, maxAttempts - Number(counted.attempts)))
      return live.id
    },

    async consume(tx, id) {
      const rows = await tx.query(`UPDATE ${t} SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL RETURNING 1`, [id, new Date(now())])
      if (!rows.length) throw invalid()
    },
  }
}
