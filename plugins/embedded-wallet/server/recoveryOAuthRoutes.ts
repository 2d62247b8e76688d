import { createHash } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { Migration, ServerContext } from '../../../core/server/index.js'
import { recoveryOAuthPaths, RECOVERY_OAUTH_CALLBACK_PATH } from '../custody/recoveryOAuthApi.js'
import {
  RecoveryOAuthAuthenticateInputSchema,
  RecoveryOAuthInitIcloudInputSchema,
  RecoveryOAuthInitInputSchema,
  type EmbeddedWalletAppConfig,
} from '../schema.js'

/** Where the cloud recovery methods keep the key, and the server's Google client for the Drive login. */
export interface RecoveryCloudOptions {
  google?: {
    /** Default FOYER_RECOVERY_GOOGLE_CLIENT_ID. */
    clientId?: string
    /** Default FOYER_RECOVERY_GOOGLE_CLIENT_SECRET. */
    clientSecret?: string
    /** Default FOYER_RECOVERY_GOOGLE_AUTH_URL, else Google's. */
    authUrl?: string
    /** Default FOYER_RECOVERY_GOOGLE_TOKEN_URL, else Google's. */
    tokenUrl?: string
    /** Drive API base (the frame calls it). Default FOYER_RECOVERY_GOOGLE_DRIVE_URL, else https://www.googleapis.com. */
    driveUrl?: string
  }
  icloud?: {
    /** CloudKit container id (iCloud.com.example.app). Default FOYER_RECOVERY_ICLOUD_CONTAINER. */
    container?: string
    /** 'development' or 'production'. Default FOYER_RECOVERY_ICLOUD_ENVIRONMENT, else production. */
    environment?: string
    /** The container's web API token (ckAPIToken; meant for browsers). Default FOYER_RECOVERY_ICLOUD_API_TOKEN. */
    apiToken?: string
    /** CloudKit web services base. Default FOYER_RECOVERY_ICLOUD_BASE_URL, else https://api.apple-cloudkit.com. */
    baseUrl?: string
    /** Origin of the page that posts ckWebAuthToken to the frame. Default FOYER_RECOVERY_ICLOUD_SIGNIN_ORIGIN, else https://cdn.apple-cloudkit.com. */
    signInOrigin?: string
  }
}

/** The resolved cloud settings (defaults and environment applied). */
export interface ResolvedRecoveryCloud {
  google: { clientId: string | null; clientSecret: string | null; authUrl: string; tokenUrl: string; driveUrl: string }
  icloud: { container: string | null; environment: string; apiToken: string | null; baseUrl: string; signInOrigin: string }
}

/** What the wallet frame page is told (no client secret): where Drive and CloudKit are. */
export interface FrameCloudConfig {
  driveUrl: string
  icloud: { container: string | null; environment: string; apiToken: string | null; baseUrl: string; signInOrigin: string }
}

const trim = (url: string) => url.replace(/\/+$/, '')

/** The options over the environment over Google's and Apple's real endpoints. */
export function resolveRecoveryCloud(options: RecoveryCloudOptions = {}, env: Record<string, string | undefined> = process.env): ResolvedRecoveryCloud {
  const g = options.google ?? {}
  const i = options.icloud ?? {}
  return {
    google: {
      clientId: g.clientId ?? env.FOYER_RECOVERY_GOOGLE_CLIENT_ID ?? null,
      clientSecret: g.clientSecret ?? env.FOYER_RECOVERY_GOOGLE_CLIENT_SECRET ?? null,
      authUrl: g.authUrl ?? env.FOYER_RECOVERY_GOOGLE_AUTH_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: g.tokenUrl ?? env.FOYER_RECOVERY_GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
      driveUrl: trim(g.driveUrl ?? env.FOYER_RECOVERY_GOOGLE_DRIVE_URL ?? 'https://www.googleapis.com'),
    },
    icloud: {
      container: i.container ?? env.FOYER_RECOVERY_ICLOUD_CONTAINER ?? null,
      environment: i.environment ?? env.FOYER_RECOVERY_ICLOUD_ENVIRONMENT ?? 'production',
      apiToken: i.apiToken ?? env.FOYER_RECOVERY_ICLOUD_API_TOKEN ?? null,
      baseUrl: trim(i.baseUrl ?? env.FOYER_RECOVERY_ICLOUD_BASE_URL ?? 'https://api.apple-cloudkit.com'),
      signInOrigin: trim(i.signInOrigin ?? env.FOYER_RECOVERY_ICLOUD_SIGNIN_ORIGIN ?? 'https://cdn.apple-cloudkit.com'),
    },
  }
}

/** The frame's share of the settings. */
export const frameCloudConfig = (cloud: ResolvedRecoveryCloud): FrameCloudConfig => ({ driveUrl: cloud.google.driveUrl, icloud: { ...cloud.icloud } })

/** The pending recovery logins (init → authenticate), in the database so several server instances agree. */
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
const s256 = (value: string) => createHash('sha256').update(value).digest('base64url')

/**
 * The recovery logins (spec: Recovery OAuth): the frame's Google Drive login (PKCE; the server holds the client
 * secret and exchanges the code) and the iCloud sign-in URL. Only the wallet frame's origin reaches them (checked by
 * the caller's middleware); a login is bound to the user and app that opened it and is used once. The access tokens
 * go to the frame only, and no log line carries a token or a code.
 */
export function recoveryOAuthRoutes(app: Hono, ctx: ServerContext, cloud: ResolvedRecoveryCloud, pluginId: string) {
  ctx.sweepExpired('embedded_wallet_recovery_oauth')
  const offered = (c: Context, method: 'google-drive' | 'icloud') => {
    const config = ctx.apps.of(c).plugins[pluginId] as EmbeddedWalletAppConfig | undefined
    if (!(config?.user_owned_recovery_options ?? []).includes(method)) {
      throw new ctx.HttpError(400, 'recovery_method_not_enabled', `This app does not offer ${method} recovery`)
    }
  }
  const failed = (message = 'Recovery OAuth failed') => new ctx.HttpError(400, 'recovery_oauth_failed', message)
  const callbackUrl = () => `${trim(ctx.config.walletOrigin ?? '')}${RECOVERY_OAUTH_CALLBACK_PATH}`

  app.post(recoveryOAuthPaths.init, async (c) => {
    const { userId } = await ctx.auth.requireDeviceProof(c)
    const input = await ctx.body(c, RecoveryOAuthInitInputSchema)
    offered(c, 'google-drive')
    const { clientId, clientSecret, authUrl } = cloud.google
    if (!clientId || !clientSecret) throw new ctx.HttpError(400, 'recovery_oauth_not_configured', 'Google Drive recovery is not configured on this server')
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

  app.post(recoveryOAuthPaths.authenticate, async (c) => {
    const { userId } = await ctx.auth.requireDeviceProof(c)
    const input = await ctx.body(c, RecoveryOAuthAuthenticateInputSchema)
    offered(c, 'google-drive')
    const { clientId, clientSecret, tokenUrl } = cloud.google
    if (!clientId || !clientSecret) throw new ctx.HttpError(400, 'recovery_oauth_not_configured', 'Google Drive recovery is not configured on this server')
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
      ctx.logger.warn(`[embedded-wallet] recovery OAuth: Google's token endpoint answered ${response.status} for user ${userId}`)
      throw failed()
    }
    return c.json({ access_token: body.access_token })
  })

  app.post(recoveryOAuthPaths.initIcloud, async (c) => {
    const { userId } = await ctx.auth.requireDeviceProof(c)
    await ctx.body(c, RecoveryOAuthInitIcloudInputSchema)
    offered(c, 'icloud')
    const { container, environment, apiToken, baseUrl } = cloud.icloud
    if (!container || !apiToken) throw new ctx.HttpError(400, 'recovery_oauth_not_configured', 'iCloud recovery is not configured on this server')
    await ctx.enforceRateLimit('embedded_wallets.recovery_oauth.user', userId)
    // CloudKit web services: an unauthenticated call to users/caller answers 421 with the sign-in page's URL.
    const url = `${baseUrl}/database/1/${encodeURIComponent(container)}/${encodeURIComponent(environment)}/public/users/caller?ckAPIToken=${encodeURIComponent(apiToken)}`
    let response: Response
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) })
    } catch {
      throw failed()
    }
    const body = (await response.json().catch(() => null)) as { redirectURL?: unknown } | null
    if (response.status !== 421 || typeof body?.redirectURL !== 'string' || !/^https?:\/\//.test(body.redirectURL)) {
      ctx.logger.warn(`[embedded-wallet] recovery OAuth: CloudKit answered ${response.status} to the sign-in request`)
      throw failed()
    }
    return c.json({ url: body.redirectURL })
  })
}

