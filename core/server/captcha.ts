import type { Context } from 'hono'
import type { App } from './apps.js'
import type { Db } from './db/Db.js'
import type { Migration } from './db/runMigrations.js'
import { HttpError } from './HttpError.js'
import type { Secrets } from './secrets.js'
import type { Logger } from './Logger.js'

/** How long a captcha token lives (Turnstile: 300 s); a used token's hash is kept that long. */
export const CAPTCHA_TOKEN_TTL_SECONDS = 300
/** Longest token accepted (Turnstile's are ≤ 2048 characters). */
export const CAPTCHA_TOKEN_MAX_LENGTH = 2048
/** What the server answers for any refused captcha: one text, so the answer tells a prober nothing. */
export const INVALID_CAPTCHA_MESSAGE = 'Invalid captcha'

/** What a verifier gets for one token. */
export interface CaptchaVerifyInput {
  token: string
  app: App
  /** The client's IP as the server sees it (passed to the provider as `remoteip`). */
  remoteIp: string
  /** A UUID stable per token, so a retried provider request is not counted as a second use. */
  idempotencyKey: string
}

/**
 * A captcha provider's server check (server-plugin slot `captchaVerifier`): true when the provider says
 * the token is valid, unused and fresh; false when it says no. Throw when the provider can't be asked
 * (unreachable, 5xx, timeout): the server then fails closed.
 */
export type CaptchaVerifier = (input: CaptchaVerifyInput) => Promise<boolean>

/** The table of used token hashes (single use even before the provider is asked). */
export const captchaMigrations: Migration[] = [
  {
    id: 'core/captcha_001_used_tokens',
    sql: `
CREATE TABLE captcha_used_tokens (
  token_hash text PRIMARY KEY,
  app_id text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX captcha_used_tokens_expiry ON captcha_used_tokens (expires_at);`,
  },
]

/** `ctx.verifyCaptcha(c, token)`: a no-op for apps with captcha off; otherwise the token must pass, else 400 invalid_captcha. */
export type VerifyCaptcha = (c: Context, token: string | null | undefined) => Promise<void>

/**
 * Builds `ctx.verifyCaptcha`. The app's verifier is the first plugin verifier whose section the app has
 * (else the first registered). Fails closed: no verifier, an unreachable provider or any doubt refuses.
 * The token is claimed (its hash stored) before the provider is asked, so a parallel or later replay is
 * refused here even if the provider were to accept it twice.
 */
export function createVerifyCaptcha(deps: {
  db: Db
  secrets: Secrets
  logger: Logger
  now: () => number
  apps: { of(c: Context): App }
  clientIp: (c: Context) => string
  verifiers: { pluginId: string; verify: CaptchaVerifier }[]
}): VerifyCaptcha {
  const refuse = () => new HttpError(400, 'invalid_captcha', INVALID_CAPTCHA_MESSAGE)
  return async (c, token) => {
    const app = deps.apps.of(c)
    if (!app.config.captcha_enabled) return
    if (typeof token !== 'string' || token.length === 0 || token.length > CAPTCHA_TOKEN_MAX_LENGTH) throw refuse()
    const verifier = deps.verifiers.find((v) => app.plugins[v.pluginId] !== undefined) ?? deps.verifiers[0]
    if (!verifier) {
      deps.logger.error(`[foyer] app ${app.id} has captcha_enabled but no captcha verifier plugin is registered; refusing`)
      throw refuse()
    }
    // A plain hash: tokens are long random strings, and the hash must not let a leak replay them.
    const hash = deps.secrets.sha256(`captcha-token\n${token}`)
    const at = deps.now()
    await deps.db.query('DELETE FROM captcha_used_tokens WHERE expires_at < $1', [new Date(at)])
    const claimed = await deps.db.query(
      'INSERT INTO captcha_used_tokens (token_hash, app_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (token_hash) DO NOTHING RETURNING 1',
      [hash, app.id, new Date(at + CAPTCHA_TOKEN_TTL_SECONDS * 1000)],
    )
    if (claimed.length === 0) throw refuse()
    let ok: boolean
    try {
      ok = await verifier.verify({ token, app, remoteIp: deps.clientIp(c), idempotencyKey: uuidOf(hash) })
    } catch (error) {
      // Never the token: only that the provider could not answer.
      deps.logger.warn(`[foyer] captcha verification for app ${app.id} failed (${(error as Error).name}: ${(error as Error).message}); refusing`)
      throw refuse()
    }
    if (ok !== true) throw refuse()
  }
}

/** A UUID-shaped string from the first 128 bits of a hex hash (Turnstile wants a UUID idempotency key). */
function uuidOf(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}
