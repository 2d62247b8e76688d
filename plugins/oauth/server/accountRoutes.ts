import type { Context, Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import { oauthPaths } from '../api.js'
import { providerDisplayName } from '../providerIds.js'
import { AuthenticateInputSchema, LinkInputSchema, TransferInputSchema, UnlinkInputSchema } from '../schema.js'
import type { FlowStore } from './flowStore.js'
import { enabledProvider } from './resolveProvider.js'
import { s256 } from './s256.js'

/**
 * POST /api/v1/oauth/authenticate and /link redeem the one-time Foyer code with the client's PKCE
 * verifier and log in with (or link) the provider account; /unlink removes one.
 */
export function accountRoutes(app: Hono, ctx: ServerContext, flows: FlowStore): void {
  const { HttpError } = ctx

  /** Redeems the one-time Foyer code: single use, state, PKCE verifier, expiry, provider outcome. */
  const redeem = async (c: Context, input: { authorization_code: string; state_code: string; code_verifier: string }) => {
    const found = ctx.apps.of(c)
    await ctx.enforceRateLimit('oauth.redeem.ip', ctx.clientIp(c))
    const flow = await flows.redeem(found.id, input.authorization_code, ctx.now())
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
    const name = providerDisplayName(flow.provider)
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
    enabledProvider(ctx, found, flow.provider)
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
    const { subject, email, name, username } = account.data
    const userInfo = { provider: account.type.slice(0, -'_oauth'.length), subject, email, name, username }
    const user = await ctx.accounts.link(userId, account, {
      transfer: { account: { userInfo }, displayName: email ?? username ?? name ?? subject! },
    })
    return c.json({ user, oauth_tokens: tokens })
  })

  app.post(oauthPaths.transfer, async (c) => {
    const { userId } = await ctx.requireUser(c)
    const { userInfo, nonce } = await ctx.body(c, TransferInputSchema)
    enabledProvider(ctx, ctx.apps.of(c), userInfo.provider)
    // The nonce binds (provider, subject); the profile fields stay as the provider gave them at link time.
    return c.json(await ctx.accounts.transfer(userId, { type: `${userInfo.provider}_oauth`, identifier: userInfo.subject }, nonce))
  })

  app.post(oauthPaths.unlink, async (c) => {
    const { userId } = await ctx.requireUser(c)
    const { provider, subject } = await ctx.body(c, UnlinkInputSchema)
    return c.json(await ctx.accounts.unlink(userId, `${provider}_oauth`, subject))
  })
}
