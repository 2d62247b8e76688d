import { createHash } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { App, ServerContext } from '../../core/server/index.js'
import { defineServerPlugin } from '../../core/server/index.js'
import { oauthPaths } from './api.js'
import { IdTokenError, remoteJwks, verifyIdToken } from './idToken.js'
import { oauthProviders, type OAuthProviderDef, type OAuthProviderId } from './providers.js'
import {
  AuthenticateInputSchema,
  InitInputSchema,
  LinkInputSchema,
  OAuthAppConfigSchema,
  UnlinkInputSchema,
  type OAuthAppConfig,
} from './schema.js'
import { readPath, type ProviderIdentity } from './profile.js'

/** Options of the OAuth plugin's server half. */
export interface OAuthServerOptions {
  /**
   * Public URL of this server's provider callback, registered at every provider. Default:
   * `$FOYER_PUBLIC_URL/api/v1/oauth/callback`, else the origin the init request reached.
   */
  callbackUrl?: string
  /** Lifetime of a pending flow, init to authenticate. Default 600 (10 minutes). */
  flowTtlSeconds?: number
  /** How long a provider may take to answer. Default 10 000 ms. */
  providerTimeoutMs?: number
}

/** A provider with the app's credentials and endpoint overrides applied. */
export interface ResolvedProvider {
  def: OAuthProviderDef
  clientId: string
  clientSecret: string | undefined
  authorizationEndpoint: string
  tokenEndpoint: string
  userinfoEndpoint: string | undefined
  jwksUri: string | undefined
  issuer: string | undefined
  scopes: string[]
}

/** The app's settings for `provider` with its overrides, or null when the app has none. */
export function resolveProvider(section: OAuthAppConfig | undefined, provider: OAuthProviderId): ResolvedProvider | null {
  const cfg = section?.[provider]
  if (!cfg) return null
  const def = oauthProviders[provider]
  return {
    def,
    clientId: cfg.client_id,
    clientSecret: cfg.client_secret,
    authorizationEndpoint: cfg.authorization_endpoint ?? def.authorizationEndpoint,
    tokenEndpoint: cfg.token_endpoint ?? def.tokenEndpoint,
    userinfoEndpoint: cfg.userinfo_endpoint ?? def.userinfoEndpoint,
    jwksUri: cfg.jwks_uri ?? def.jwksUri,
    issuer: cfg.issuer ?? def.issuer,
    scopes: cfg.scopes ?? def.scopes,
  }
}

/** Why a provider step failed; stored on the flow and answered by authenticate. */
type FlowFailure = 'denied' | 'expired' | 'rate_limited' | 'suspended' | 'provider_error' | 'invalid_id_token'

class ProviderFailure extends Error {
  constructor(readonly kind: FlowFailure, message: string) {
    super(message)
  }
}

interface FlowRow {
  id: string
  app_id: string
  provider: OAuthProviderId
  state_code: string
  code_challenge: string
  redirect_to: string
  redirect_uri: string
  server_verifier: string
  nonce: string
  expires_at: Date
  error: FlowFailure | null
  subject: string | null
  email: string | null
  name: string | null
  username: string | null
  oauth_tokens: string | null
}

/** base64url(SHA-256(value)): the PKCE S256 transform. */
export const s256 = (value: string) => createHash('sha256').update(value).digest('base64url')

const str = (value: unknown) => (typeof value === 'string' && value ? value : null)
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)

/**
 * Server half of OAuth login: the server is the OAuth 2.0 / OIDC client of each provider. init
 * stores a pending flow and answers the provider's authorization URL; the provider returns to
 * GET/POST /api/v1/oauth/callback, which exchanges the code (PKCE + client secret), validates the
 * ID token (OIDC) or reads userinfo, and sends the browser back to `redirect_to` with a one-time
 * Foyer code; authenticate / link redeem it with the client's PKCE verifier.
 */
export function oauthServer(options: OAuthServerOptions = {}) {
  const ttl = options.flowTtlSeconds ?? 600
  const timeout = options.providerTimeoutMs ?? 10_000

  return defineServerPlugin({
    id: 'oauth',
    appConfig: OAuthAppConfigSchema,
    // A configured provider turns its login flag on (an explicit `"google": false` on the app still wins).
    publicConfig: (section) =>
      Object.fromEntries(Object.keys(oauthProviders).filter((id) => (section as Record<string, unknown>)[id]).map((id) => [id, true])),
    openPaths: [oauthPaths.callback],
    migrations: [
      {
        id: 'oauth/001_flows',
        sql: `
CREATE TABLE oauth_flows (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  provider text NOT NULL,
  state_code text NOT NULL,
  code_challenge text NOT NULL,
  redirect_to text NOT NULL,
  redirect_uri text NOT NULL,
  provider_state_hash text NOT NULL UNIQUE,
  server_verifier text NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  callback_at timestamptz,
  code_hash text UNIQUE,
  error text,
  subject text,
  email text,
  name text,
  username text,
  oauth_tokens text,
  consumed_at timestamptz,
  UNIQUE (app_id, state_code)
);
CREATE INDEX oauth_flows_expiry ON oauth_flows (expires_at);`,
      },
    ],
    rateLimits: {
      'oauth.init.ip': { limit: 60, windowSeconds: 600 },
      'oauth.redeem.ip': { limit: 60, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      const { HttpError } = ctx
      const sectionOf = (found: App) => found.plugins.oauth as OAuthAppConfig | undefined

      /** The provider as the app configured it; 403 when the app doesn't offer it. */
      const enabledProvider = (found: App, provider: OAuthProviderId) => {
        const resolved = resolveProvider(sectionOf(found), provider)
        if (!resolved || (found.config as Record<string, unknown>)[provider] !== true) {
          throw new HttpError(403, 'disallowed_login_method', `Login with ${oauthProviders[provider].displayName} is not allowed`)
        }
        return resolved
      }

      const callbackUrl = (c: Context) => {
        if (options.callbackUrl) return options.callbackUrl
        const base = process.env.FOYER_PUBLIC_URL?.replace(/\/+$/, '') ?? new URL(c.req.url).origin
        return `${base}${oauthPaths.callback}`
      }

      app.post(oauthPaths.init, async (c) => {
        const found = ctx.apps.of(c)
        const input = await ctx.body(c, InitInputSchema)
        const provider = enabledProvider(found, input.provider)
        // Exact match: no prefixes, no wildcards, so a code can only ever land on a page the app listed.
        if (!sectionOf(found)!.redirect_urls.includes(input.redirect_to)) {
          throw new HttpError(400, 'invalid_redirect_to', 'redirect_to is not an allowed redirect URL for this app')
        }
        await ctx.enforceRateLimit('oauth.init.ip', ctx.clientIp(c))
        const at = ctx.now()
        const providerState = ctx.secrets.random(32)
        const verifier = ctx.secrets.random(48)
        const nonce = ctx.secrets.random(32)
        const redirectUri = callbackUrl(c)
        // Old flows are dead weight; a few rows per call keep the table small without a job.
        await ctx.db.query('DELETE FROM oauth_flows WHERE id IN (SELECT id FROM oauth_flows WHERE expires_at < $1 LIMIT 50)', [
          new Date(at - 3600_000),
        ])
        const rows = await ctx.db.query(
          `INSERT INTO oauth_flows (app_id, provider, state_code, code_challenge, redirect_to, redirect_uri, provider_state_hash,
             server_verifier, nonce, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (app_id, state_code) DO NOTHING RETURNING id`,
          [found.id, input.provider, input.state_code, input.code_challenge, input.redirect_to, redirectUri, ctx.secrets.sha256(providerState),
            verifier, nonce, new Date(at), new Date(at + ttl * 1000)],
        )
        if (!rows.length) throw new HttpError(400, 'invalid_state', 'This state code was already used')

        const url = new URL(provider.authorizationEndpoint)
        const q = url.searchParams
        q.set('response_type', 'code')
        q.set(provider.def.clientIdParam ?? 'client_id', provider.clientId)
        q.set('redirect_uri', redirectUri)
        q.set('scope', provider.scopes.join(provider.def.scopeSeparator ?? ' '))
        q.set('state', providerState)
        q.set('code_challenge', s256(verifier))
        q.set('code_challenge_method', 'S256')
        if (provider.def.oidc) q.set('nonce', nonce)
        for (const [key, value] of Object.entries(provider.def.extraAuthParams ?? {})) q.set(key, value)
        return c.json({ url: url.href })
      })

      /** Exchanges the provider's code and proves the identity (ID token or userinfo). */
      const exchange = async (provider: ResolvedProvider, flow: FlowRow, code: string) => {
        const { def } = provider
        const body = new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: flow.redirect_uri,
          code_verifier: flow.server_verifier,
        })
        body.set(def.clientIdParam ?? 'client_id', provider.clientId)
        const headers: Record<string, string> = {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'user-agent': 'foyer',
        }
        if (provider.clientSecret && def.tokenAuth === 'basic') {
          const basic = `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`
          headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`
        } else if (provider.clientSecret) body.set('client_secret', provider.clientSecret)

        const res = await fetch(provider.tokenEndpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeout) })
        if (res.status === 429) throw new ProviderFailure('rate_limited', 'token endpoint rate limited')
        const json = (await res.json().catch(() => null)) as Record<string, unknown> | null
        const accessToken = str(json?.access_token)
        if (!res.ok || !json || !accessToken) throw new ProviderFailure('provider_error', `token endpoint answered ${res.status}`)
        const scope = str(json.scope)
        const tokens = {
          provider: def.id,
          access_token: accessToken,
          access_token_expires_in_seconds: num(json.expires_in),
          refresh_token: str(json.refresh_token),
          refresh_token_expires_in_seconds: num(json.refresh_token_expires_in),
          scopes: scope ? scope.split(/[\s,]+/).filter(Boolean) : provider.scopes,
        }

        let identity: ProviderIdentity
        if (def.oidc) {
          const idToken = str(json.id_token)
          if (!idToken || !provider.jwksUri || !provider.issuer) throw new ProviderFailure('invalid_id_token', 'no ID token')
          const claims = await verifyIdToken(idToken, remoteJwks(provider.jwksUri), {
            issuer: provider.issuer,
            audience: provider.clientId,
            nonce: flow.nonce,
            now: ctx.now(),
          }).catch((error) => {
            throw new ProviderFailure('invalid_id_token', error instanceof IdTokenError ? error.message : 'ID token rejected')
          })
          const given = [str(claims.given_name), str(claims.family_name)].filter(Boolean).join(' ')
          identity = {
            subject: claims.sub!,
            email: str(claims.email),
            name: str(claims.name) ?? (given || null),
            username: str(claims.preferred_username),
          }
        } else {
          if (!provider.userinfoEndpoint || !def.profile) throw new ProviderFailure('provider_error', 'no userinfo endpoint')
          const info = await fetch(provider.userinfoEndpoint, {
            headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'foyer' },
            signal: AbortSignal.timeout(timeout),
          })
          if (info.status === 429) throw new ProviderFailure('rate_limited', 'userinfo rate limited')
          const text = await info.text()
          if (info.status === 403 && /suspend/i.test(text)) throw new ProviderFailure('suspended', 'account suspended')
          let profile: unknown = null
          try {
            profile = JSON.parse(text)
          } catch {}
          const subject = readPath(profile, def.profile.subject)
          if (!info.ok || subject === null) throw new ProviderFailure('provider_error', `userinfo answered ${info.status}`)
          identity = {
            subject,
            email: def.profile.email ? readPath(profile, def.profile.email) : null,
            name: def.profile.name ? readPath(profile, def.profile.name) : null,
            username: def.profile.username ? readPath(profile, def.profile.username) : null,
          }
        }
        return { identity, tokens }
      }

      const handleCallback = async (c: Context, params: Record<string, string | undefined>) => {
        const state = params.state
        if (!state || state.length > 512) throw new HttpError(400, 'invalid_state', 'Unknown or already used OAuth state')
        const at = ctx.now()
        // One callback per flow: a replayed provider redirect finds nothing.
        const [flow] = await ctx.db.query<FlowRow>(
          'UPDATE oauth_flows SET callback_at = $2 WHERE provider_state_hash = $1 AND callback_at IS NULL RETURNING *',
          [ctx.secrets.sha256(state), new Date(at)],
        )
        if (!flow) throw new HttpError(400, 'invalid_state', 'Unknown or already used OAuth state')
        const back = (code: string) => {
          const url = new URL(flow.redirect_to)
          url.searchParams.set('foyer_oauth_code', code)
          url.searchParams.set('foyer_oauth_state', flow.state_code)
          url.searchParams.set('foyer_oauth_provider', flow.provider)
          c.header('Cache-Control', 'no-store')
          c.header('Referrer-Policy', 'no-referrer')
          return c.redirect(url.href, 302)
        }
        if (params.error || !params.code) {
          // The user said no (or the provider refused): the client shows the denial text.
          await ctx.db.query(`UPDATE oauth_flows SET error = 'denied', consumed_at = $2 WHERE id = $1`, [flow.id, new Date(at)])
          return back('undefined')
        }
        const found = ctx.apps.get(flow.app_id)
        let failure: FlowFailure | null = null
        let result: Awaited<ReturnType<typeof exchange>> | null = null
        const provider = found ? resolveProvider(sectionOf(found), flow.provider) : null
        if (new Date(flow.expires_at).getTime() <= at) failure = 'expired'
        else if (!provider) failure = 'provider_error'
        else {
          try {
            result = await exchange(provider, flow, params.code)
          } catch (error) {
            failure = error instanceof ProviderFailure ? error.kind : 'provider_error'
            ctx.logger.warn(`[foyer] oauth ${flow.provider}: ${error instanceof ProviderFailure ? error.message : (error as Error).name}`)
          }
        }
        // Apple sends the name only once, as a form field beside the code.
        if (result && flow.provider === 'apple' && params.user && !result.identity.name) {
          try {
            const user = JSON.parse(params.user) as { name?: { firstName?: string; lastName?: string } }
            result.identity.name = [user.name?.firstName, user.name?.lastName].filter(Boolean).join(' ') || null
          } catch {}
        }
        const code = ctx.secrets.random(32)
        const id = result?.identity
        await ctx.db.query(
          `UPDATE oauth_flows SET code_hash = $2, error = $3, subject = $4, email = $5, name = $6, username = $7, oauth_tokens = $8
           WHERE id = $1`,
          [flow.id, ctx.secrets.sha256(code), failure, id?.subject ?? null, id?.email ?? null, id?.name ?? null, id?.username ?? null,
            result ? JSON.stringify(result.tokens) : null],
        )
        return back(code)
      }

      app.get(oauthPaths.callback, (c) => handleCallback(c, c.req.query()))
      app.post(oauthPaths.callback, async (c) => {
        const form = await c.req.parseBody().catch(() => ({}))
        const params = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string')) as Record<string, string>
        return handleCallback(c, params)
      })

      /** Redeems the one-time Foyer code: single use, state, PKCE verifier, expiry, provider outcome. */
      const redeem = async (c: Context, input: { authorization_code: string; state_code: string; code_verifier: string }) => {
        const found = ctx.apps.of(c)
        await ctx.enforceRateLimit('oauth.redeem.ip', ctx.clientIp(c))
        // Consumed first, in its own statement: a wrong verifier or state burns the code too.
        const [flow] = await ctx.db.query<FlowRow>(
          `UPDATE oauth_flows f SET consumed_at = $3, oauth_tokens = NULL FROM oauth_flows old
           WHERE f.id = old.id AND f.app_id = $1 AND f.code_hash = $2 AND f.consumed_at IS NULL
           RETURNING f.id, f.provider, f.state_code, f.code_challenge, f.expires_at, f.error, f.subject, f.email, f.name, f.username,
             old.oauth_tokens`,
          [found.id, ctx.secrets.sha256(input.authorization_code), new Date(ctx.now())],
        )
        if (!flow) throw new HttpError(401, 'invalid_credentials', 'Invalid code during OAuth flow')
        if (!ctx.secrets.equal(flow.state_code, input.state_code)) {
          throw new HttpError(400, 'invalid_state', 'Unexpected auth flow. This may be a phishing attempt.')
        }
        if (!ctx.secrets.equal(flow.code_challenge, s256(input.code_verifier))) {
          throw new HttpError(401, 'invalid_code_verifier', 'Code verifier does not match the code challenge')
        }
        if (new Date(flow.expires_at).getTime() <= ctx.now() || flow.error === 'expired') {
          throw new HttpError(400, 'oauth_flow_expired', 'The OAuth flow has expired. Please try again.')
        }
        const name = oauthProviders[flow.provider].displayName
        switch (flow.error) {
          case null:
            break
          case 'rate_limited':
            throw new HttpError(429, 'too_many_requests', `Request limit reached for ${name}. Please wait a moment and try again.`)
          case 'suspended':
            throw new HttpError(403, 'oauth_account_suspended', `Your ${name} account is suspended. Please try another login method.`)
          case 'invalid_id_token':
            throw new HttpError(401, 'invalid_id_token', `The ID token from ${name} could not be verified`)
          case 'denied':
            throw new HttpError(401, 'oauth_user_denied', 'Invalid code during oauth flow')
          default:
            throw new HttpError(502, 'oauth_provider_error', `${name} could not complete the login`)
        }
        enabledProvider(found, flow.provider)
        const account = {
          type: `${flow.provider}_oauth`,
          // Identity is (provider, subject): an e-mail can change hands, a subject can't.
          identifier: flow.subject!,
          data: { subject: flow.subject, email: flow.email, name: flow.name, username: flow.username },
        }
        const tokens = flow.oauth_tokens ? (JSON.parse(flow.oauth_tokens) as Record<string, unknown>) : null
        return { account, tokens }
      }

      app.post(oauthPaths.authenticate, async (c) => {
        const input = await ctx.body(c, AuthenticateInputSchema)
        const { account, tokens } = await redeem(c, input)
        const result = await ctx.auth.login(c, { account, mode: input.mode })
        return c.json({ ...result, oauth_tokens: tokens })
      })

      app.post(oauthPaths.link, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const input = await ctx.body(c, LinkInputSchema)
        const { account, tokens } = await redeem(c, input)
        const user = await ctx.accounts.link(userId, account)
        return c.json({ user, oauth_tokens: tokens })
      })

      app.post(oauthPaths.unlink, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const { provider, subject } = await ctx.body(c, UnlinkInputSchema)
        return c.json(await ctx.accounts.unlink(userId, `${provider}_oauth`, subject))
      })
    },
  })
}
