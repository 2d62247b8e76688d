import { createHash } from 'node:crypto'
import type { Hono } from 'hono'
import type { Migration, ServerContext } from '../../../core/server/index.js'
import { assertRecoveryMethodOffered, recoveryOAuthFailed, recoveryOAuthNotConfigured, RECOVERY_OAUTH_CALLBACK_PATH } from '../../embedded-wallet/server.js'
import { googleDriveRecoveryPaths as paths } from '../api.js'
import { RecoveryOAuthAuthenticateInputSchema, RecoveryOAuthInitInputSchema } from '../schema.js'
import type { ResolvedGoogleDrive } from './googleDriveOptions.js'

/**
 * The pending recovery logins (init → authenticate), in the database so several server instances agree. The id is
 * the one embedded-wallet gave it before recovery methods were plugins (databases have it recorded).
 */
export const recoveryOAuthMigration: Migration = {
  id: 'embedded-wallet/003_recovery_oauth',
  sql: `
CREATE TABLE embedded_wallet_recovery_oauth (
  state_hash text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_challenge text NOT NULL,
  redirect_to text NOT NULL,
  used_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX embedded_wallet_recovery_oauth_expiry ON embedded_wallet_recovery_oauth (expires_at);`,
}

const GOOGLE_DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.appdata'
const FLOW_TTL_MS = 10 * 60_000
const TIMEOUT_MS = 10_000
const trim = (url: string) => url.replace(/\/+$/, '')
const s256 = (value: string) => createHash('sha256').update(value).digest('base64url')

/**
 * Google Drive recovery's login (spec: Recovery OAuth): the frame's popup (PKCE; the server holds the client secret
 * and exchanges the code). Only the wallet frame's origin reaches it (checked by the caller's middleware); a login is
 * bound to the user and app that opened it and is used once. The access token goes to the frame only, and no log line
 * carries a token or a code.
 */
export function googleDriveRoutes(app: Hono, ctx: ServerContext, google: ResolvedGoogleDrive) {
  ctx.sweepExpired('embedded_wallet_recovery_oauth')
  const failed = (message?: string) => recoveryOAuthFailed(ctx, message)
  const callbackUrl = () => `${trim(ctx.config.walletOrigin ?? '')}${RECOVERY_OAUTH_CALLBACK_PATH}`

  app.post(paths.init, async (c) => {
    const { userId } = await ctx.auth.requireDeviceProof(c)
    const input = await ctx.body(c, RecoveryOAuthInitInputSchema)
    assertRecoveryMethodOffered(ctx, c, 'google-drive')
    const { clientId, clientSecret, authUrl } = google
    if (!clientId || !clientSecret) throw recoveryOAuthNotConfigured(ctx, 'Google Drive recovery is not configured on this server')
    if (input.redirect_to !== callbackUrl()) throw new ctx.HttpError(400, 'invalid_data', `redirect_to: must be ${callbackUrl()}`)
    await ctx.enforceRateLimit('embedded_wallets.recovery_oauth.user', userId)
    const rows = await ctx.db.query(
      `INSERT INTO embedded_wallet_recovery_oauth (state_hash, app_id, user_id, code_challenge, redirect_to, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (state_hash) DO NOTHING RETURNING state_hash`,
      [ctx.secrets.sha256(input.state_code), ctx.apps.of(c).id, userId, input.code_challenge, input.redirect_to, new Date(ctx.now() + FLOW_TTL_MS)],
    )
    if (!rows.length) throw new ctx.HttpError(400, 'invalid_data', 'state_code: already used')
    const url = new URL(authUrl)
    url.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: input.redirect_to,
      response_type: 'code',
      scope: GOOGLE_DRIVE_SCOPE,
      state: input.state_code,
      code_challenge: input.code_challenge,
      code_challenge_method: 'S256',
      // The recovery must use the account that holds the backup: let the user pick it.
      prompt: 'select_account',
    }).toString()
    return c.json({ url: url.href })
  })

  app.post(paths.authenticate, async (c) => {
    const { userId } = await ctx.auth.requireDeviceProof(c)
    const input = await ctx.body(c, RecoveryOAuthAuthenticateInputSchema)
    assertRecoveryMethodOffered(ctx, c, 'google-drive')
    const { clientId, clientSecret, tokenUrl } = google
    if (!clientId || !clientSecret) throw recoveryOAuthNotConfigured(ctx, 'Google Drive recovery is not configured on this server')
    await ctx.enforceRateLimit('embedded_wallets.recovery_oauth.user', userId)
    const stateHash = ctx.secrets.sha256(input.state_code)
    const [flow] = await ctx.db.query<{ code_challenge: string; redirect_to: string }>(
      `SELECT code_challenge, redirect_to FROM embedded_wallet_recovery_oauth
       WHERE state_hash = $1 AND app_id = $2 AND user_id = $3 AND used_at IS NULL AND expires_at > $4`,
      [stateHash, ctx.apps.of(c).id, userId, new Date(ctx.now())],
    )
    if (!flow) throw failed('Recovery OAuth failed: unknown or used state_code')
    if (!ctx.secrets.equal(s256(input.code_verifier), flow.code_challenge)) throw failed('Recovery OAuth failed: code_verifier does not match')
    // Single use: the first authenticate claims the login, a concurrent or replayed one finds it used.
    const claimed = await ctx.db.query('UPDATE embedded_wallet_recovery_oauth SET used_at = $2 WHERE state_hash = $1 AND used_at IS NULL RETURNING state_hash', [
      stateHash,
      new Date(ctx.now()),
    ])
    if (!claimed.length) throw failed('Recovery OAuth failed: unknown or used state_code')
    let response: Response
    try {
      response = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: input.authorization_code,
          redirect_uri: flow.redirect_to,
          client_id: clientId,
          client_secret: clientSecret,
          code_verifier: input.code_verifier,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch {
      throw failed()
    }
    const body = (await response.json().catch(() => null)) as { access_token?: unknown } | null
    if (!response.ok || typeof body?.access_token !== 'string') {
      ctx.logger.warn(`[recovery-google-drive] recovery OAuth: Google's token endpoint answered ${response.status} for user ${userId}`)
      throw failed()
    }
    return c.json({ access_token: body.access_token })
  })
}
