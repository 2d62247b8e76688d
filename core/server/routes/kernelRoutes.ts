import * as v from 'valibot'
import type { Hono } from 'hono'
import { AnalyticsEventSchema, RefreshInputSchema, paths } from '../../protocol/index.js'
import type { ServerContext } from '../types.js'

/** The kernel's own calls: app config, JWKS, refresh, logout, current user, analytics. */
export function kernelRoutes(app: Hono, ctx: ServerContext): void {
  app.get('/api/v1/apps/:appId', (c) => {
    // appGuard already answered 400/404 for bad or unknown ids.
    const found = ctx.apps.get(c.req.param('appId'))!
    return c.json({ ...found.config, verification_key: ctx.tokens.verificationKey })
  })

  app.get('/api/v1/apps/:appId/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=300')
    return c.json(await ctx.tokens.jwks())
  })

  app.post(paths.sessions, async (c) => {
    const app = ctx.apps.of(c)
    await ctx.enforceRateLimit('sessions.ip', `sessions:ip:${ctx.clientIp(c)}`)
    const body = await ctx.body(c, v.looseObject({}))
    // A missing or malformed token is a lost session for the client, not a form error.
    const parsed = v.safeParse(RefreshInputSchema, body)
    if (!parsed.success) throw new ctx.HttpError(401, 'invalid_refresh_token', 'Invalid or expired refresh token')
    const session = await ctx.sessions.refresh(parsed.output.refresh_token, app.id)
    const user = await ctx.getUser(session.userId)
    return c.json({
      user,
      token: await ctx.tokens.signAccessToken(session),
      refresh_token: session.refreshToken,
      identity_token: await ctx.tokens.signIdentityToken({ userId: user.id, appId: app.id, linkedAccounts: user.linkedAccounts }),
      is_new_user: false,
      session_update_action: 'set',
    })
  })

  app.post(paths.sessionsLogout, async (c) => {
    const app = ctx.apps.of(c)
    const { refresh_token } = await ctx.body(c, RefreshInputSchema)
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
