import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { headers } from '../protocol/index.js'
import type { Db } from './db/Db.js'
import type { Migration } from './db/runMigrations.js'
import { HttpError } from './HttpError.js'

/** What every app secret starts with, so a leaked one is recognisable (secret scanners, logs). */
export const APP_SECRET_PREFIX = 'foyer_sk_'
/** Characters of a secret kept and shown in lists: the prefix and 8 of its random characters. */
const SHOWN_CHARACTERS = APP_SECRET_PREFIX.length + 8
/** How often `last_used_at` is written for one secret, at most: a busy back end must not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000

/** The table of app secrets: their SHA-256 only (32 random bytes need no slow hash), the shown prefix, their dates. */
export const appSecretMigrations: Migration[] = [
  {
    id: 'core/app_secrets_001',
    sql: `
CREATE TABLE app_secrets (
  id text PRIMARY KEY,
  app_id text NOT NULL,
  prefix text NOT NULL,
  hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_used_at timestamptz
);
CREATE INDEX app_secrets_app ON app_secrets (app_id);`,
  },
]

/** An app secret as lists show it: never the secret, never its hash. Times in epoch seconds. */
export interface AppSecretInfo {
  id: string
  prefix: string
  created_at: number
  last_used_at: number | null
  revoked_at: number | null
}

/** Which of an app's secrets a request authenticated with (never the secret itself). */
export interface AuthenticatedSecret {
  appId: string
  /** The secret's id (`sk_…`), as lists show it. */
  secretId: string
  /** Its shown prefix (`foyer_sk_` and 8 characters): audit rows name the caller `app:<prefix>`. */
  prefix: string
}

/** App secrets: HTTP Basic `appId:secret` for the app's back end (the management API, delegated actions). */
export interface AppSecrets {
  /** A new secret for `appId`: `secret` is answered here once and stored only hashed. `db`: the caller's transaction. */
  create(appId: string, db?: Db): Promise<{ id: string; secret: string; prefix: string; created_at: number }>
  /** The app's secrets, newest first, revoked ones too. */
  list(appId: string): Promise<AppSecretInfo[]>
  /** Revokes one: refused from the next request on, on every instance (each check reads the database). False: no such live secret. */
  revoke(appId: string, id: string, db?: Db): Promise<boolean>
  /** How many live (unrevoked) secrets the app has. */
  countLive(appId: string, db?: Db): Promise<number>
  /**
   * The app the request's `Authorization: Basic base64(appId:secret)` proves, checked against the app's live secrets in
   * constant time; a `foyer-app-id` header must name the same app. Else 401 `invalid_app_secret`.
   */
  authenticate(c: Context): Promise<string>
  /** `authenticate`, answering also which secret proved it (its id and shown prefix): for audit rows. */
  authenticateSecret(c: Context): Promise<AuthenticatedSecret>
  /** `authenticate`'s check on values already read: the app id, or null. */
  check(appId: string, secret: string): Promise<string | null>
}

/** `Authorization: Basic …` as `{ appId, secret }`; null when the header is absent or not Basic `id:secret`. */
export function basicCredentials(authorization: string | undefined): { appId: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(authorization ?? '')
  if (!match) return null
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon <= 0) return null
  return { appId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) }
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest()
const seconds = (date: Date | null) => (date ? Math.floor(new Date(date).getTime() / 1000) : null)
const refused = (message = 'Invalid app ID or app secret') => new HttpError(401, 'invalid_app_secret', message)

/** The app secrets service over `db` (the server's, or the CLI's). */
export function createAppSecrets(db: Db, options: { now: () => number }): AppSecrets {
  const checkSecret = async (appId: string, secret: string): Promise<AuthenticatedSecret | null> => {
    // Short or long input is hashed like any other: the work doesn't depend on what was sent.
    const presented = sha256(secret)
    // An app id is printable ASCII (25 characters, apps.ts): anything else names no app, and never reaches the database.
    if (!/^[\x21-\x7e]{1,64}$/.test(appId)) return null
    const rows = await db.query<{ id: string; prefix: string; hash: string; last_used_at: Date | null }>(
      'SELECT id, prefix, hash, last_used_at FROM app_secrets WHERE app_id = $1 AND revoked_at IS NULL',
      [appId],
    )
    let found: (typeof rows)[number] | null = null
    // Every live secret of the app is compared, whichever matches: constant time in the secret.
    for (const row of rows) if (timingSafeEqual(Buffer.from(row.hash, 'hex'), presented) && !found) found = row
    if (!found) return null
    const at = options.now()
    if (!found.last_used_at || at - new Date(found.last_used_at).getTime() >= LAST_USED_RESOLUTION_MS) {
      await db.query('UPDATE app_secrets SET last_used_at = $2 WHERE id = $1', [found.id, new Date(at)])
    }
    return { appId, secretId: found.id, prefix: found.prefix }
  }
  const check = async (appId: string, secret: string) => (await checkSecret(appId, secret))?.appId ?? null
  const authenticateSecret = async (c: Context) => {
    const credentials = basicCredentials(c.req.header('authorization'))
    if (!credentials) throw refused('Missing app secret: send Authorization: Basic base64(appId:appSecret)')
    const named = c.req.header(headers.appId)
    if (named !== undefined && named !== credentials.appId) throw refused()
    const found = await checkSecret(credentials.appId, credentials.secret)
    if (!found) throw refused()
    return found
  }
  return {
    async create(appId, into = db) {
      const secret = `${APP_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`
      const id = `sk_${randomBytes(12).toString('base64url')}`
      const prefix = secret.slice(0, SHOWN_CHARACTERS)
      const at = new Date(options.now())
      await into.query('INSERT INTO app_secrets (id, app_id, prefix, hash, created_at) VALUES ($1, $2, $3, $4, $5)', [
        id,
        appId,
        prefix,
        sha256(secret).toString('hex'),
        at,
      ])
      return { id, secret, prefix, created_at: seconds(at)! }
    },
    async list(appId) {
      const rows = await db.query<{ id: string; prefix: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }>(
        'SELECT id, prefix, created_at, last_used_at, revoked_at FROM app_secrets WHERE app_id = $1 ORDER BY created_at DESC, id',
        [appId],
      )
      return rows.map((r) => ({ id: r.id, prefix: r.prefix, created_at: seconds(r.created_at)!, last_used_at: seconds(r.last_used_at), revoked_at: seconds(r.revoked_at) }))
    },
    async revoke(appId, id, into = db) {
      const rows = await into.query('UPDATE app_secrets SET revoked_at = $3 WHERE app_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING id', [
        appId,
        id,
        new Date(options.now()),
      ])
      return rows.length > 0
    },
    async countLive(appId, into = db) {
      const [row] = await into.query<{ n: number }>('SELECT count(*)::int AS n FROM app_secrets WHERE app_id = $1 AND revoked_at IS NULL', [appId])
      return Number(row?.n ?? 0)
    },
    async authenticate(c) {
      return (await authenticateSecret(c)).appId
    },
    authenticateSecret,
    check,
  }
}
