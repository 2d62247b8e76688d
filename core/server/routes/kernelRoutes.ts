import * as v from 'valibot'
import type { Context, Hono } from 'hono'
import { AnalyticsEventSchema, RefreshInputSchema, paths } from '../../protocol/index.js'
import type { RefreshResult } from '../sessions.js'
import { JWKS_MAX_AGE_SECONDS } from '../signingKeys.js'
import { refreshTokenCookie } from '../sessionCookies.js'
import type { ServerContext } from '../types.js'

/** The kernel's own calls: app config, JWKS, refresh, fork, logout, current user, analytics. */
export function kernelRoutes(app: Hono, ctx: ServerContext): void {
  app.get('/api/v1/apps/:appId', (c) => {
    // appGuard already answered 400/404 for bad or unknown ids.
    const found = ctx.apps.get(c.req.param('appId'))!
    return c.json({ ...found.config, verification_key: ctx.tokens.verificationKey })
  })

  app.get('/api/v1/apps/:appId/jwks.json', async (c) => {
    c.header('Cache-Control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`)
    return c.json(await ctx.tokens.jwks())
  })

  /** A refresh-style token response for `session`. */
  const tokenResponse = async (session: RefreshResult) => {
    const user = await ctx.getUser(session.userId)
    return {
      user,
      token: await ctx.tokens.signAccessToken(session),
      refresh_token: session.refreshToken,
      identity_token: await ctx.tokens.signIdentityToken({
        userId: user.id,
        appId: session.appId,
        linkedAccounts: user.linkedAccounts,
        customMetadata: user.customMetadata,
      }),
      is_new_user: false,
      session_update_action: 'set' as const,
    }
  }
  /**
   * Reads {refresh_token}, or for apps in cookie mode the refresh-token cookie when the body has none
   * (`cookie: false` for fork/recover, whose forked token never sits in a cookie). A missing or
   * malformed token is a lost session for the client, not a form error.
   */
  const refreshToken = async (c: Context, { cookie = true } = {}) => {
    await ctx.enforceRateLimit('sessions.ip', `sessions:ip:${ctx.clientIp(c)}`)
    const body = await ctx.body(c, v.looseObject({}))
    const fromCookie = cookie && body.refresh_token === undefined ? refreshTokenCookie(c, ctx.apps.of(c)) : undefined
    const parsed = v.safeParse(RefreshInputSchema, fromCookie ? { refresh_token: fromCookie } : body)
    if (!parsed.success) throw new ctx.HttpError(401, 'invalid_refresh_token', 'Invalid or expired refresh token')
    return parsed.output.refresh_token
  }

  app.post(paths.sessions, async (c) => {
    const app = ctx.apps.of(c)
    return c.json(await tokenResponse(await ctx.sessions.refresh(await refreshToken(c), app.id)))
  })

  // Fork: the caller's session rotates as in a refresh, and a new independent session for the same
  // user and app starts; its single-use token goes to another app, device or webview.
  app.post(paths.sessionsFork, async (c) => {
    const app = ctx.apps.of(c)
    const { forkedToken, ...session } = await ctx.sessions.fork(await refreshToken(c), app.id)
    return c.json({ ...(await tokenResponse(session)), new_session_refresh_token: forkedToken })
  })

  // Recover: the holder of a forked token starts that session (once) and gets its token response.
  app.post(paths.sessionsForkRecover, async (c) => {
    const app = ctx.apps.of(c)
    return c.json(await tokenResponse(await ctx.sessions.recover(await refreshToken(c, { cookie: false }), app.id)))
  })

  app.post(paths.sessionsLogout, async (c) => {
    const app = ctx.apps.of(c)
    // Cookie mode: the body may be {} and the token come from the cookie (the middleware then expires the cookies).
    const body = await ctx.body(c, v.looseObject({}))
    const fromCookie = body.refresh_token === undefined ? refreshTokenCookie(c, app) : undefined
    // Nothing to end (the cookie already expired): still answer 'clear' so every cookie goes.
    if (app.sessionCookies && body.refresh_token === undefined && !fromCookie) return c.json({ session_update_action: 'clear' })
    const { refresh_token } = ctx.parse(RefreshInputSchema, fromCookie ? { refresh_token: fromCookie } : body)
    await ctx.sessions.logout(refresh_token, app.id)
    return c.json({ session_update_action: 'clear' })
  })

  app.get(paths.usersMe, async (c) => {
    const { userId } = await ctx.requireUser(c)
    return c.json({ user: await ctx.getUser(userId) })
  })

  app.post(paths.analyticsEvents, async (c) => {
    const app = ctx.apps.of(c)
    const event = await ctx.body(c, AnalyticsEventSchema)
    await ctx.enforceRateLimit('analytics.ip', `analytics:ip:${ctx.clientIp(c)}`)
    await ctx.db.query(
      'INSERT INTO analytics_events (app_id, event_name, client_id, payload, created_at) VALUES ($1, $2, $3, $4, $5)',
      [app.id, event.event_name, event.client_id, event.payload === undefined ? null : JSON.stringify(event.payload), new Date(ctx.now())],
    )
    return c.json({ success: true })
  })
}
