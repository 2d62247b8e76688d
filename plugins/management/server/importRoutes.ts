import type { Context, Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import { ImportUsersBodySchema, importUsersPath } from '../importSchema.js'
import { importUsers } from './importUsers.js'
import type { ManagementCaller } from './managementCaller.js'

/** The import's own limit per app, on top of every management call's: up to 60 × 500 users a minute. */
export const importRateLimits = {
  'management.import': { limit: 60, windowSeconds: 60 },
}

/**
 * POST /api/v1/users/import `{ users: [{ linked_accounts, custom_metadata? }], dry_run? }` → `{ results, created,
 * existing, conflicts, invalid, dry_run }` (200 whenever the body's shape holds; each row reports its own fate).
 * `authenticate` is the management API's gate (no Origin, rate limits, the app secret): it answers the caller, whose
 * actor (`app:<secret prefix>`) the created users' audit rows name.
 */
export function importRoutes(app: Hono, ctx: ServerContext, authenticate: (c: Context) => Promise<ManagementCaller>): void {
  app.post(importUsersPath, async (c) => {
    const { appId, actor } = await authenticate(c)
    await ctx.enforceRateLimit('management.import', appId)
    const body = await ctx.body(c, ImportUsersBodySchema)
    const report = await importUsers(ctx, appId, body.users, { dryRun: body.dry_run ?? false, actor, c })
    ctx.logger.info(
      `[management] import${report.dry_run ? ' (dry run)' : ''}: ${report.created} created, ${report.existing} existing, ${report.conflicts} conflict(s), ${report.invalid} invalid: app ${appId}`,
    )
    return c.json(report)
  })
}
