import type { Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import type { adminGuard } from './adminGuard.js'
import { adminRoutePatterns } from './adminRoutePatterns.js'
import { AppPathSchema, StatsQuerySchema } from './adminSchemas.js'
import { adminTarget } from './adminTarget.js'
import { appStats } from './appStats.js'

/** GET apps/:appId/stats?days=30 (1..90): AdminStats, the overview's figures (appStats.ts). */
export function adminStatsRoutes(app: Hono, ctx: ServerContext, guard: ReturnType<typeof adminGuard>): void {
  app.get(adminRoutePatterns.stats, async (c) => {
    guard.callOf(c)
    const { app: target } = adminTarget(ctx, c, AppPathSchema)
    const { days } = ctx.parse(StatsQuerySchema, c.req.query())
    return c.json(await appStats(ctx.db, ctx.mfa, target.id, days, ctx.now()))
  })
}
