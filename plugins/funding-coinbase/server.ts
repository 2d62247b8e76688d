import type { Context, Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { ServerAppConfig } from '../../core/protocol/index.js'
import type { ServerContext } from '../../core/server/index.js'
import { fundingCoinbasePaths } from './api.js'
import {
  COINBASE_PAY_URL,
  CoinbaseOnrampInitInputSchema,
  CoinbaseOnrampStatusQuerySchema,
  FundingCoinbaseAppConfigSchema,
  fundingCoinbaseErrorCodes,
  fundingCoinbaseServerTexts as texts,
  type CoinbaseOnrampPublicConfig,
  type CoinbaseOnrampStatus,
  type FundingCoinbaseAppConfig,
} from './schema.js'
import { cdpJwt, cdpSigningKey, type CdpApiKey } from './server/cdpJwt.js'

/** Options of the Coinbase Onramp server half; each defaults to its environment variable. */
export interface FundingCoinbaseServerOptions {
  /** The CDP API base (FOYER_COINBASE_API_URL; default https://api.developer.coinbase.com). */
  apiUrl?: string
  /** The CDP Secret API key's name (FOYER_COINBASE_CDP_KEY_NAME). */
  keyName?: string
  /** Its private key: PEM EC (ES256) or base64 Ed25519 (FOYER_COINBASE_CDP_PRIVATE_KEY). Never sent nor logged. */
  privateKey?: string
  /** The CDP project id, answered as `app_id` (FOYER_COINBASE_PROJECT_ID). */
  projectId?: string
  /** Read instead of process.env. */
  env?: Record<string, string | undefined>
  /** Calls to Coinbase time out after this (default 10 000 ms). */
  timeoutMs?: number
}

/** The method's name in `funding_config.methods`. */
export const COINBASE_ONRAMP_METHOD = 'coinbase-onramp'
const DEFAULT_API_URL = 'https://api.developer.coinbase.com'
/** A purchase counts for a flow when Coinbase made it at most this long before the flow's init (clock skew). */
const START_SLACK_MS = 10_000

/** Coinbase's transaction status (Transaction Status API) → the spec's server status. */
export function onrampStatusOf(coinbaseStatus: unknown): CoinbaseOnrampStatus {
  if (coinbaseStatus === 'ONRAMP_TRANSACTION_STATUS_SUCCESS') return 'success'
  if (coinbaseStatus === 'ONRAMP_TRANSACTION_STATUS_FAILED') return 'failure'
  // ONRAMP_TRANSACTION_STATUS_CREATED, _IN_PROGRESS, or none yet.
  return 'pending'
}

/**
 * Coinbase Onramp, server half. POST /api/v1/funding/coinbase_on_ramp/init asks Coinbase's session-token API
 * (POST {api}/onramp/v1/token, a CDP JWT signed with the server's CDP key) for a one-use token bound to the user's
 * own wallets; GET …/status?partnerUserId= reads the user's newest purchase since then from the Transaction Status
 * API (GET {api}/onramp/v1/buy/user/{partnerUserId}/transactions). An app offers it with 'coinbase-onramp' in its
 * `funding_config.methods`; an optional `"funding-coinbase"` section sets the pay page and test chains.
 */
export function fundingCoinbaseServer(options: FundingCoinbaseServerOptions = {}) {
  const env = options.env ?? process.env
  const apiUrl = (options.apiUrl ?? env.FOYER_COINBASE_API_URL ?? DEFAULT_API_URL).replace(/\/+$/, '')
  const keyName = options.keyName ?? env.FOYER_COINBASE_CDP_KEY_NAME
  const privateKey = options.privateKey ?? env.FOYER_COINBASE_CDP_PRIVATE_KEY
  const projectId = options.projectId ?? env.FOYER_COINBASE_PROJECT_ID ?? ''
  const timeoutMs = options.timeoutMs ?? 10_000
  const apiKey: CdpApiKey | null = keyName && privateKey ? { name: keyName, privateKey } : null
  // A malformed key stops the server at start, with no part of the key in the message.
  if (apiKey) {
    try {
      cdpSigningKey(apiKey.privateKey)
    } catch (e) {
      throw new Error(`FOYER_COINBASE_CDP_PRIVATE_KEY is not a usable CDP key: ${(e as Error).message.replace(/-----[\s\S]*-----/g, '')}`)
    }
  }

  return defineServerPlugin({
    id: 'funding-coinbase',
    errorCodes: fundingCoinbaseErrorCodes,
    appConfig: FundingCoinbaseAppConfigSchema,
    publicConfig: (section) => {
      const s = section as FundingCoinbaseAppConfig
      const config: CoinbaseOnrampPublicConfig = { pay_url: s.pay_url ?? COINBASE_PAY_URL, chains: s.chains ?? {} }
      return { coinbase_onramp_config: config } as Partial<ServerAppConfig>
    },
    rateLimits: {
      // Each init asks Coinbase for a token: a few flows a user, not a stream.
      'funding-coinbase.init.user': { limit: 20, windowSeconds: 600 },
      // The pay flow polls every 1500 ms for up to 5 minutes (200 polls) after the popup closes.
      'funding-coinbase.status.user': { limit: 600, windowSeconds: 600 },
    },
    migrations: [
      {
        id: 'funding-coinbase/001_sessions',
        sql: `
CREATE TABLE funding_coinbase_sessions (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL
);`,
      },
    ],
    routes(app: Hono, ctx: ServerContext) {
      const enabled = (c: Context) => {
        const found = ctx.apps.of(c)
        const methods = (found.config.funding_config as { methods?: readonly string[] } | null | undefined)?.methods ?? []
        if (!methods.includes(COINBASE_ONRAMP_METHOD)) throw new ctx.HttpError(403, 'not_allowed', texts.notEnabled)
        return found
      }
      const configured = () => {
        if (!apiKey) throw new ctx.HttpError(403, 'not_allowed', texts.notConfigured)
        return apiKey
      }
      /** A stable opaque id of the user for Coinbase (≤ 49 characters): the server secret's HMAC of the user id. */
      const partnerUserIdOf = (userId: string) => ctx.secrets.hmac(`funding-coinbase:partner-user\n${userId}`).slice(0, 43)

      /** One CDP call; Coinbase's failures become 502 coinbase_onramp_unavailable (logged by status only). */
      const coinbase = async (key: CdpApiKey, method: 'GET' | 'POST', path: string, body?: unknown) => {
        const url = `${apiUrl}${path}`
        let res: Response
        try {
          const jwt = await cdpJwt(key, { method, url }, ctx.now())
          res = await fetch(url, {
            method,
            headers: { authorization: `Bearer ${jwt}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            signal: AbortSignal.timeout(timeoutMs),
          })
        } catch (e) {
          ctx.logger.warn(`[foyer] funding-coinbase: ${method} ${path.split('/').slice(0, 4).join('/')} failed (${(e as Error).name})`)
          throw new ctx.HttpError(502, 'coinbase_onramp_unavailable', texts.unavailable)
        }
        const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null
        if (!res.ok || !answer || typeof answer !== 'object') {
          ctx.logger.warn(`[foyer] funding-coinbase: Coinbase answered ${res.status} to ${method} ${path.split('/').slice(0, 4).join('/')}`)
          throw new ctx.HttpError(502, 'coinbase_onramp_unavailable', texts.unavailable)
        }
        return answer
      }

      app.post(fundingCoinbasePaths.init, async (c) => {
        enabled(c)
        const { userId } = await ctx.requireUser(c)
        const body = await ctx.body(c, CoinbaseOnrampInitInputSchema)
        await ctx.enforceRateLimit('funding-coinbase.init.user', userId)
        const key = configured()
        // Only the user's own wallets: a session token pays into whatever addresses it names.
        const user = await ctx.getUser(userId)
        const own = new Set(
          user.linkedAccounts.filter((a) => a.type === 'wallet' && typeof a.address === 'string').map((a) => (a.address as string).toLowerCase()),
        )
        if (!body.addresses.every((a) => own.has(a.address.toLowerCase()))) throw new ctx.HttpError(400, 'invalid_data', texts.foreignAddress)
        const partnerUserId = partnerUserIdOf(userId)
        const ip = ctx.clientIp(c)
        const answer = await coinbase(key, 'POST', '/onramp/v1/token', {
          addresses: body.addresses,
          ...(body.assets?.length ? { assets: body.assets } : {}),
          ...(ip !== 'unknown' ? { clientIp: ip } : {}),
        })
        if (typeof answer.token !== 'string' || !answer.token) {
          ctx.logger.warn('[foyer] funding-coinbase: the session token answer had no token')
          throw new ctx.HttpError(502, 'coinbase_onramp_unavailable', texts.unavailable)
        }
        // The status route counts purchases from this flow on, not an older one.
        await ctx.db.query(
          `INSERT INTO funding_coinbase_sessions (user_id, started_at) VALUES ($1, $2)
           ON CONFLICT (user_id) DO UPDATE SET started_at = EXCLUDED.started_at`,
          [userId, new Date(ctx.now())],
        )
        return c.json({ app_id: projectId, session_token: answer.token, partner_user_id: partnerUserId })
      })

      app.get(fundingCoinbasePaths.status, async (c) => {
        enabled(c)
        const { userId } = await ctx.requireUser(c)
        const { partnerUserId } = ctx.parse(CoinbaseOnrampStatusQuerySchema, c.req.query())
        await ctx.enforceRateLimit('funding-coinbase.status.user', userId)
        if (!ctx.secrets.equal(partnerUserId, partnerUserIdOf(userId))) throw new ctx.HttpError(403, 'not_allowed', texts.foreignPartner)
        const key = configured()
        const [session] = await ctx.db.query<{ started_at: Date }>('SELECT started_at FROM funding_coinbase_sessions WHERE user_id = $1', [userId])
        if (!session) return c.json({ status: 'pending' })
        const answer = await coinbase(key, 'GET', `/onramp/v1/buy/user/${encodeURIComponent(partnerUserId)}/transactions?page_size=10`)
        const since = new Date(session.started_at).getTime() - START_SLACK_MS
        const transactions = (Array.isArray(answer.transactions) ? answer.transactions : []) as Array<Record<string, unknown>>
        // Newest first (Coinbase's order); one without a date is taken as this flow's.
        const current = transactions.find((t) => {
          const at = typeof t.created_at === 'string' ? Date.parse(t.created_at) : NaN
          return Number.isNaN(at) || at >= since
        })
        return c.json({ status: onrampStatusOf(current?.status) })
      })
    },
  })
}
