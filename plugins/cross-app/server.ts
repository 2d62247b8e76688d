import { createHash } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { RawUser } from '../../core/protocol/index.js'
import { defineServerPlugin } from '../../core/server/index.js'
import type { Db, ServerContext } from '../../core/server/index.js'
import { normalizeOrigin } from '../../core/server/apps.js'
import { crossAppPaths } from './api.js'
import {
  AuthorizeInputSchema,
  CrossAppSectionSchema,
  FlowInputSchema,
  RedeemInputSchema,
  UnlinkInputSchema,
  VerifyTokenInputSchema,
  crossAppErrorCodes,
  crossAppPages,
  crossAppServerTexts as texts,
} from './schema.js'
import { CROSS_APP_ID, connectionsOf, requesterEntry } from './server/connections.js'
import { createCrossAppStore, crossAppMigration, crossAppTokenOriginMigration, type CrossAppStore } from './server/crossAppStore.js'

/** Options of the cross-app plugin's server half. */
export interface CrossAppServerOptions {
  /** Lifetime of an authorization, start to redeem. Default 600 s. */
  flowTtlSeconds?: number
  /** Lifetime of a provider access token, renewed on each use on the provider's page. Default 86 400 s (a day); unlinking ends it sooner. */
  tokenTtlSeconds?: number
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

/** The provider user's wallets a cross_app account carries: its embedded Ethereum wallets and smart wallets. */
function walletsOf(user: RawUser) {
  const addresses = (pick: (a: Record<string, unknown>) => boolean) =>
    user.linkedAccounts.filter((a) => pick(a as Record<string, unknown>) && typeof a.address === 'string').map((a) => ({ address: String(a.address) }))
  return {
    embeddedWallets: addresses((a) => a.type === 'wallet' && a.walletClientType === 'privy' && a.chainType === 'ethereum'),
    smartWallets: addresses((a) => a.type === 'smart_wallet'),
  }
}

/**
 * Cross-app wallets, server half. A provider app lists its requesters in its "cross-app" section; a requester logs in
 * (or links) with a provider account through a popup on the provider's site (authorize → consent → authenticate with
 * PKCE), and gets a provider access token its transact popups carry, which the provider's page checks (verify-token).
 */
export function crossAppServer(options: CrossAppServerOptions = {}) {
  const flowTtlMs = (options.flowTtlSeconds ?? 600) * 1000
  const tokenTtlMs = (options.tokenTtlSeconds ?? 86_400) * 1000

  return defineServerPlugin({
    id: CROSS_APP_ID,
    errorCodes: crossAppErrorCodes,
    appConfig: CrossAppSectionSchema,
    migrations: [crossAppMigration, crossAppTokenOriginMigration],
    // Flows and tokens name their users without a foreign key (a flow carries the user's accounts): gone with the user.
    async forgetUser(db: Db, userId: string) {
      await db.query('DELETE FROM cross_app_tokens WHERE provider_user_id = $1 OR requester_user_id = $1', [userId])
      await db.query('DELETE FROM cross_app_flows WHERE provider_user_id = $1', [userId])
    },
    rateLimits: {
      'cross-app.authorize.ip': { limit: 60, windowSeconds: 600 },
      'cross-app.redeem.ip': { limit: 60, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      const store = createCrossAppStore(ctx)
      ctx.sweepExpired('cross_app_flows')
      ctx.sweepExpired('cross_app_tokens')
      const { HttpError } = ctx

      app.get(crossAppPaths.connectionsRoute, (c) => {
        const requester = ctx.apps.of(c)
        if (c.req.param('requesterAppId') !== requester.id) throw new HttpError(400, 'invalid_app_id', 'Invalid app ID')
        return c.json({ connections: connectionsOf(ctx.apps.list(), requester.id) })
      })
      // The client's alias of the spec's path: the app from the header.
      app.get(crossAppPaths.connections, (c) => c.json({ connections: connectionsOf(ctx.apps.list(), ctx.apps.of(c).id) }))

      app.post(crossAppPaths.authorize, async (c) => {
        const requester = ctx.apps.of(c)
        const input = await ctx.body(c, AuthorizeInputSchema)
        const found = requesterEntry(ctx.apps.get(input.provider), requester.id)
        if (!found) throw new HttpError(400, 'invalid_connected_app', texts.invalidConnectedApp)
        // The code only ever travels to a page of an origin the provider registered for this requester.
        if (!found.origins.includes(normalizeOrigin(new URL(input.redirect_to).origin))) {
          throw new HttpError(400, 'cross_app_invalid_redirect', texts.invalidRedirect)
        }
        await ctx.enforceRateLimit('cross-app.authorize.ip', ctx.clientIp(c))
        const flowId = ctx.secrets.random(32)
        await store.openFlow({ flowId, requester: requester.id, provider: input.provider, stateCode: input.state_code, codeChallenge: input.code_challenge, redirectTo: input.redirect_to, at: ctx.now(), ttlMs: flowTtlMs })
        const url = new URL(`${found.section.provider_url.replace(/\/+$/, '')}${crossAppPages.authorize}`)
        url.searchParams.set('flow', flowId)
        url.searchParams.set('requester', requester.id)
        return c.json({ url: url.href })
      })

      /**
       * The flow the provider's page shows, still pending and still allowed. A refusal names the flow's requester origin
       * (nothing else) when the flow is this provider's, so its page can tell the requester instead of leaving it waiting.
       */
      const pending = async (c: Context, flowId: string) => {
        const provider = ctx.apps.of(c)
        const flow = await store.pendingFlow(provider.id, flowId, ctx.now())
        const requester = flow ? ctx.apps.get(flow.requester_app_id) : undefined
        if (flow && requester && requesterEntry(provider, requester.id)) return { flow, requester, origin: new URL(flow.redirect_to).origin }
        const origin = await store.flowOrigin(provider.id, flowId)
        const data = origin ? { requester_origin: origin } : undefined
        if (!flow) throw new HttpError(400, 'cross_app_invalid_code', texts.invalidCode, data)
        throw new HttpError(400, 'invalid_connected_app', texts.invalidConnectedApp, data)
      }

      app.post(crossAppPaths.flow, async (c) => {
        const { flow_id } = await ctx.body(c, FlowInputSchema)
        const { requester, origin } = await pending(c, flow_id)
        return c.json({ requester_app_id: requester.id, requester_app_name: requester.name, requester_origin: origin })
      })

      app.post(crossAppPaths.consent, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const { flow_id } = await ctx.body(c, FlowInputSchema)
        const { flow, origin } = await pending(c, flow_id)
        const wallets = walletsOf(await ctx.getUser(userId))
        if (wallets.embeddedWallets.length === 0) throw new HttpError(400, 'cross_app_no_wallet', texts.noWallet, { requester_origin: origin })
        const code = ctx.secrets.random(32)
        if (!(await store.consent(flow.id, userId, wallets, code))) throw new HttpError(400, 'cross_app_invalid_code', texts.invalidCode, { requester_origin: origin })
        return c.json({ authorization_code: code, state_code: flow.state_code, requester_origin: origin })
      })

      /** Redeems a code once: same requester and provider, unexpired, the state, then the PKCE verifier. */
      const redeem = async (c: Context, input: { authorization_code: string; state_code: string; code_verifier: string; provider: string }) => {
        const requester = ctx.apps.of(c)
        await ctx.enforceRateLimit('cross-app.redeem.ip', ctx.clientIp(c))
        const flow = await store.redeem(input.authorization_code, ctx.now())
        if (!flow || flow.requester_app_id !== requester.id || flow.provider_app_id !== input.provider || !flow.provider_user_id || new Date(flow.expires_at).getTime() <= ctx.now()) {
          throw new HttpError(401, 'cross_app_invalid_code', texts.invalidCode)
        }
        if (!ctx.secrets.equal(flow.state_code, input.state_code)) throw new HttpError(400, 'cross_app_unexpected_state', texts.unexpectedState)
        if (!ctx.secrets.equal(flow.code_challenge, s256(input.code_verifier))) throw new HttpError(401, 'cross_app_invalid_verifier', texts.invalidVerifier)
        const found = requesterEntry(ctx.apps.get(flow.provider_app_id), requester.id)
        if (!found) throw new HttpError(400, 'invalid_connected_app', texts.invalidConnectedApp)
        const wallets = JSON.parse(flow.accounts ?? '{}') as ReturnType<typeof walletsOf>
        const account = {
          type: 'cross_app',
          identifier: `${flow.provider_app_id}:${flow.provider_user_id}`,
          data: { subject: flow.provider_user_id, providerApp: { id: flow.provider_app_id }, embeddedWallets: wallets.embeddedWallets ?? [], smartWallets: wallets.smartWallets ?? [] },
        }
        const issue = async (requesterUserId: string) => {
          const token = ctx.secrets.random(32)
          const at = ctx.now()
          const row = {
            provider_app_id: flow.provider_app_id,
            requester_app_id: requester.id,
            provider_user_id: flow.provider_user_id!,
            requester_user_id: requesterUserId,
            read_only: found.readOnly,
            requester_origin: new URL(flow.redirect_to).origin,
          }
          await store.issueToken(token, row, at, tokenTtlMs)
          return { provider_app_id: flow.provider_app_id, token, expires_at: Math.floor((at + tokenTtlMs) / 1000), read_only: found.readOnly }
        }
        return { account, issue }
      }

      app.post(crossAppPaths.authenticate, async (c) => {
        const input = await ctx.body(c, RedeemInputSchema)
        const { account, issue } = await redeem(c, input)
        const result = await ctx.auth.login(c, { account })
        return c.json({ ...result, provider_access_token: await issue(result.user.id) })
      })

      app.post(crossAppPaths.link, async (c) => {
        const { userId } = await ctx.requireUser(c)
        const input = await ctx.body(c, RedeemInputSchema)
        const { account, issue } = await redeem(c, input)
        // One account per provider app (the identifier), several providers side by side.
        const user = await ctx.accounts.link(userId, account, { maxPerType: 20 })
        return c.json({ user, provider_access_token: await issue(userId) })
      })

      app.post(crossAppPaths.unlink, async (c) => {
        const { userId, appId } = await ctx.requireUser(c)
        const { provider_app_id, subject } = await ctx.body(c, UnlinkInputSchema)
        const user = await ctx.accounts.unlink(userId, 'cross_app', `${provider_app_id}:${subject}`)
        await store.revoke(appId, provider_app_id, subject, ctx.now())
        return c.json(user)
      })

      app.post(crossAppPaths.verifyToken, async (c) => {
        const provider = ctx.apps.of(c)
        const { userId } = await ctx.requireUser(c)
        const { token } = await ctx.body(c, VerifyTokenInputSchema)
        const now = ctx.now()
        const row = await store.token(token)
        // An unknown token, or another provider's, gets the bare refusal.
        if (!row || row.provider_app_id !== provider.id) throw new HttpError(401, 'cross_app_invalid_token', texts.invalidToken)
        // The token must be live (not revoked, not expired), name the user signed in on this page, and its requester must
        // still be listed. A refusal names only the requester's origins, so the page can answer the requester that opened
        // it (`clear`: the token is dead and the requester should forget it) instead of leaving it waiting.
        const found = requesterEntry(provider, row.requester_app_id)
        const requester = ctx.apps.get(row.requester_app_id)
        const live = !row.revoked_at && new Date(row.expires_at).getTime() > now && !!found && !!requester
        if (!live || row.provider_user_id !== userId) {
          const origins = found ? found.origins : row.requester_origin ? [row.requester_origin] : []
          throw new HttpError(401, 'cross_app_invalid_token', texts.invalidToken, { requester_origins: origins, clear: !live })
        }
        // Each use re-issues the token for another lifetime; the page hands the new expiry to the requester (token 'set').
        const expiresAt = await store.renew(token, now, tokenTtlMs)
        if (!expiresAt) throw new HttpError(401, 'cross_app_invalid_token', texts.invalidToken, { requester_origins: found!.origins, clear: true })
        return c.json({
          requester_app_id: requester!.id,
          requester_app_name: requester!.name,
          requester_origins: found!.origins,
          read_only: row.read_only || found!.readOnly,
          expires_at: Math.floor(expiresAt.getTime() / 1000),
        })
      })
    },
  })
}

export { connectionsOf } from './server/connections.js'
export type { CrossAppStore }
