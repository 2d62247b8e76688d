import type { Context, Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import { oauthPaths } from '../api.js'
import { InitInputSchema } from '../schema.js'
import type { FlowStore } from './flowStore.js'
import { ProviderFailure, type ExchangeResult, type FlowFailure, type ProviderClient } from './providerClient.js'
import { enabledProvider, oauthSectionOf, resolveProvider } from './resolveProvider.js'

/** What the flow routes need besides the server context. */
export interface FlowRoutesDeps {
  flows: FlowStore
  client: ProviderClient
  /** OAuthServerOptions.callbackUrl. */
  callbackUrl: string | undefined
  ttlSeconds: number
}

/**
 * POST /api/v1/oauth/init opens a flow and answers the provider's authorization URL; GET/POST
 * /api/v1/oauth/callback takes the provider's answer and sends the browser back to `redirect_to`
 * with a one-time Foyer code.
 */
export function flowRoutes(app: Hono, ctx: ServerContext, deps: FlowRoutesDeps): void {
  const { HttpError } = ctx
  const { flows, client, ttlSeconds } = deps

  const callbackUrl = (c: Context) => {
    if (deps.callbackUrl) return deps.callbackUrl
    const base = process.env.FOYER_PUBLIC_URL?.replace(/\/+$/, '') ?? new URL(c.req.url).origin
    return `${base}${oauthPaths.callback}`
  }

  app.post(oauthPaths.init, async (c) => {
    const found = ctx.apps.of(c)
    const input = await ctx.body(c, InitInputSchema)
    await ctx.verifyCaptcha(c, input.token)
    const provider = enabledProvider(ctx, found, input.provider)
    // Exact match: no prefixes, no wildcards, so a code can only ever land on a page the app listed.
    if (!oauthSectionOf(found)!.redirect_urls.includes(input.redirect_to)) {
      throw new HttpError(400, 'invalid_redirect_to', 'redirect_to is not an allowed redirect URL for this app')
    }
    await ctx.enforceRateLimit('oauth.init.ip', ctx.clientIp(c))
    const at = ctx.now()
    const providerState = ctx.secrets.random(32)
    const flow = { redirectUri: callbackUrl(c), verifier: ctx.secrets.random(48), nonce: ctx.secrets.random(32) }
    const opened = await flows.open({
      appId: found.id,
      provider: input.provider,
      stateCode: input.state_code,
      codeChallenge: input.code_challenge,
      redirectTo: input.redirect_to,
      providerState,
      ...flow,
      createdAt: at,
      expiresAt: at + ttlSeconds * 1000,
    })
    if (!opened) throw new HttpError(400, 'invalid_state', 'This state code was already used')
    return c.json({ url: client.authorizationUrl(provider, flow, providerState) })
  })

  const handleCallback = async (c: Context, params: Record<string, string | undefined>) => {
    const state = params.state
    if (!state || state.length > 512) throw new HttpError(400, 'invalid_state', 'Unknown or already used OAuth state')
    const at = ctx.now()
    const flow = await flows.claimCallback(state, at)
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
      await flows.deny(flow.id, at)
      return back('undefined')
    }
    const found = ctx.apps.get(flow.app_id)
    let failure: FlowFailure | null = null
    let result: ExchangeResult | null = null
    const provider = found ? resolveProvider(oauthSectionOf(found), flow.provider) : null
    if (new Date(flow.expires_at).getTime() <= at) failure = 'expired'
    else if (!provider) failure = 'provider_error'
    else {
      try {
        result = await client.exchange(provider, { redirectUri: flow.redirect_uri, verifier: flow.server_verifier, nonce: flow.nonce }, params.code)
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
    await flows.complete(flow.id, code, failure, result)
    return back(code)
  }

  app.get(oauthPaths.callback, (c) => handleCallback(c, c.req.query()))
  app.post(oauthPaths.callback, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}))
    const params = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string')) as Record<string, string>
    return handleCallback(c, params)
  })
}
