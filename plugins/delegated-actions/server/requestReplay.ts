import type { Context } from 'hono'
import { HttpError, type Db, type Migration } from '../../../core/server/index.js'
import { delegatedActionsServerTexts as text, IDEMPOTENCY_KEY_HEADER, MAX_REQUEST_EXPIRY_MS, REQUEST_EXPIRY_HEADER } from '../schema.js'

/** Where the back-end API remembers the idempotency keys it accepted, each until its request expires. */
export const IDEMPOTENCY_KEYS_TABLE = 'delegated_idempotency_keys'

export const idempotencyKeyMigrations: Migration[] = [
  {
    id: 'delegated-actions/002_idempotency_keys',
    sql: `
CREATE TABLE delegated_idempotency_keys (
  app_id text NOT NULL,
  idempotency_key text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (app_id, idempotency_key)
);`,
  },
]

/** The replay headers as they arrived: the signature covers them exactly as sent. */
export interface ReplayHeaders {
  requestExpiry?: string
  idempotencyKey?: string
}

/** A request's replay headers, after the checks: the key to remember (if any) and until when. */
export interface FreshRequest {
  idempotencyKey: string | null
  rememberUntil: number
}

const KEY = /^[\x21-\x7e]{1,256}$/

/** `foyer-request-expiry` and `foyer-idempotency-key` of the request (undefined when absent). */
export function replayHeadersOf(c: Context): ReplayHeaders {
  return { requestExpiry: c.req.header(REQUEST_EXPIRY_HEADER), idempotencyKey: c.req.header(IDEMPOTENCY_KEY_HEADER) }
}

/**
 * Checks an authenticated request's replay headers. A signed request must carry both (a captured one then works at most
 * once, and only until its expiry, at most 5 minutes ahead); an app-secret (Basic) caller may send either — the secret
 * itself is the credential, so there they are the caller's own guard against double execution. An expiry that passed is
 * 401 request_expired; a malformed or missing header 400 invalid_data. Nothing is stored here.
 */
export function checkReplayHeaders(headers: ReplayHeaders, signed: boolean, now: number): FreshRequest {
  let expiry: number | null = null
  if (headers.requestExpiry === undefined) {
    if (signed) throw new HttpError(400, 'invalid_data', text.expiryRequired)
  } else {
    if (!/^\d{1,16}$/.test(headers.requestExpiry)) throw new HttpError(400, 'invalid_data', text.expiryMalformed)
    expiry = Number(headers.requestExpiry)
    if (expiry < now) throw new HttpError(401, 'request_expired', text.requestExpired)
    if (expiry > now + MAX_REQUEST_EXPIRY_MS) throw new HttpError(400, 'invalid_data', text.expiryTooFar)
  }
  const key = headers.idempotencyKey
  if (key === undefined) {
    if (signed) throw new HttpError(400, 'invalid_data', text.keyRequired)
  } else if (!KEY.test(key)) {
    throw new HttpError(400, 'invalid_data', text.keyMalformed)
  }
  // Past its expiry a request is refused anyway; without one (Basic), the key is kept for the same 5 minutes.
  return { idempotencyKey: key ?? null, rememberUntil: expiry ?? now + MAX_REQUEST_EXPIRY_MS }
}

/**
 * Remembers the app's key until `until`; 409 idempotency_key_reused when it is remembered already. One statement:
 * of parallel replays exactly one wins. A key whose memory ended (a row the sweep hasn't deleted yet) is taken over.
 */
export async function claimIdempotencyKey(db: Db, appId: string, key: string, until: number, now: number): Promise<void> {
  const claimed = await db.query(
    `INSERT INTO delegated_idempotency_keys (app_id, idempotency_key, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (app_id, idempotency_key) DO UPDATE SET expires_at = EXCLUDED.expires_at
     WHERE delegated_idempotency_keys.expires_at <= $4
     RETURNING 1`,
    [appId, key, new Date(until), new Date(now)],
  )
  if (!claimed.length) throw new HttpError(409, 'idempotency_key_reused', text.keyReused)
}
