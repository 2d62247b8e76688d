import type { Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import { AuditLogQuerySchema, MAX_AUDIT_PAGE, operationsPaths, type AuditLogPage } from '../operationsSchema.js'
import { managementCaller } from './managementCaller.js'

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/**
 * GET /api/v1/audit_log?user_id&event&before&limit: the app's audit log, newest first, `{ data, next_cursor }` (pass
 * `next_cursor` as `before` for the next page). A cursor that is no row of this app's log (another app's, or pruned
 * since) is 400 invalid_data, so a page is never silently the last.
 */
export function registerAuditRoutes(app: Hono, ctx: ServerContext): void {
  app.get(operationsPaths.auditLog, async (c) => {
    const { appId } = await managementCaller(ctx, c)
    const query = ctx.parse(AuditLogQuerySchema, c.req.query())
    if (query.before && !(await ctx.db.query('SELECT 1 FROM audit_log WHERE id = $1 AND app_id = $2', [query.before, appId])).length) {
      throw new ctx.HttpError(400, 'invalid_data', 'before: unknown cursor')
    }
    const limit = query.limit ?? MAX_AUDIT_PAGE
    // One row more than the page tells whether another page follows.
    const rows = await ctx.audit.list({ appId, userId: query.user_id, event: query.event, before: query.before, limit: limit + 1 })
    const page = rows.slice(0, limit)
    const data = page.map((r) => ({ id: r.id, event: r.event, user_id: r.userId, actor: r.actor, ip: r.ip, request_id: r.requestId, at: seconds(r.at), data: r.data }))
    return c.json({ data, next_cursor: rows.length > limit ? page[page.length - 1]!.id : null } satisfies AuditLogPage)
  })
}
