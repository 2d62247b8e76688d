import type { Hono } from 'hono'
import type { Db, ServerContext } from '../../../core/server/index.js'
import { listUserIds, toManagementUser } from '../../management/server.js'
import { ADMIN_APP_ID, type AdminAuditEntry, type AdminUser, type AdminUserDetail, type AdminUserPage, type AdminUserSession } from '../adminApi.js'
import type { adminGuard } from './adminGuard.js'
import { adminRoutePatterns } from './adminRoutePatterns.js'
import { EmptyBodySchema, MAX_ADMIN_USERS_PAGE, UserPathSchema, UsersQuerySchema, AppPathSchema } from './adminSchemas.js'
import { adminTarget } from './adminTarget.js'
import { walletsOf } from './walletsOf.js'

const seconds = (date: Date | string | null) => (date === null ? null : Math.floor(new Date(date).getTime() / 1000))

/**
 * An app's users, for the console (the management API's directory and user shape, through its public entry):
 *
 * - GET    apps/:appId/users?search&cursor&limit    AdminUserPage, oldest first (search: exact e-mail, phone, wallet…)
 * - GET    apps/:appId/users/:userId                AdminUserDetail: the user, sessions (never tokens), embedded wallets,
 *                                                  the audit trail (newest 100)
 * - DELETE apps/:appId/users/:userId                204 (owner): the user and everything it owns; `user.deleted`
 * - POST   apps/:appId/users/:userId/sessions/revoke  `{ revoked_sessions }` (owner); `app.sessions_revoked`
 *
 * A user of another app, or none, is 404 not_found. An operator's user in the admin app can't be deleted here (remove
 * the operator first: 400 not_allowed), so the console never loses its last owner this way.
 */
export function adminUserRoutes(app: Hono, ctx: ServerContext, guard: ReturnType<typeof adminGuard>): void {
  const notFound = () => new ctx.HttpError(404, 'not_found', 'User not found')
  /** The user as the console shows it; null when it is gone (deleted between two reads). */
  const read = async (userId: string, db: Db = ctx.db): Promise<AdminUser | null> => {
    try {
      return toManagementUser(await ctx.users.get(userId, db)) as AdminUser
    } catch (error) {
      if (error instanceof ctx.HttpError && error.code === 'unauthorized') return null
      throw error
    }
  }
  const inApp = async (appId: string, userId: string, db: Db = ctx.db) =>
    (await db.query('SELECT 1 FROM users WHERE id = $1 AND app_id = $2', [userId, appId])).length > 0

  app.get(adminRoutePatterns.users, async (c) => {
    guard.callOf(c)
    const { app: target } = adminTarget(ctx, c, AppPathSchema)
    const query = ctx.parse(UsersQuerySchema, c.req.query())
    const { ids, nextCursor } = await listUserIds(ctx.db, ctx.secrets, target.id, { search: query.search, cursor: query.cursor, limit: query.limit ?? MAX_ADMIN_USERS_PAGE })
    // One batched read for the page (a user deleted since the listing is left out).
    const data = (await ctx.users.getMany(ids)).map((u) => toManagementUser(u) as AdminUser)
    return c.json({ data, next_cursor: nextCursor } satisfies AdminUserPage)
  })

  app.get(adminRoutePatterns.user, async (c) => {
    guard.callOf(c)
    const { app: target, userId } = adminTarget(ctx, c, UserPathSchema)
    const user = (await inApp(target.id, userId)) ? await read(userId) : null
    if (!user) throw notFound()
    const sessions = await ctx.db.query<{ id: string; created_at: Date; expires_at: Date; revoked_at: Date | null }>(
      'SELECT id, created_at, expires_at, revoked_at FROM sessions WHERE user_id = $1 AND app_id = $2 ORDER BY created_at DESC, id LIMIT 100',
      [userId, target.id],
    )
    const audit = await ctx.audit.list({ appId: target.id, userId, limit: 100 })
    return c.json({
      user,
      sessions: sessions.map((s): AdminUserSession => ({ id: s.id, created_at: seconds(s.created_at)!, expires_at: seconds(s.expires_at)!, revoked_at: seconds(s.revoked_at) })),
      wallets: walletsOf(user),
      audit: audit.map((e): AdminAuditEntry => ({ id: e.id, event: e.event, actor: e.actor, ip: e.ip, request_id: e.requestId, at: seconds(e.at)!, data: e.data })),
    } satisfies AdminUserDetail)
  })

  app.delete(adminRoutePatterns.user, async (c) => {
    const { actor } = guard.callOf(c)
    const { app: target, userId } = adminTarget(ctx, c, UserPathSchema)
    // One transaction: sessions, linked accounts, MFA, embedded wallets' roots and server shares, every plugin's rows.
    const deleted = await ctx.db.tx(async (tx) => {
      if (target.id === ADMIN_APP_ID && (await tx.query('SELECT 1 FROM admin_operators WHERE user_id = $1', [userId])).length) {
        throw new ctx.HttpError(400, 'not_allowed', 'This user is an operator: remove the operator first')
      }
      if (!(await ctx.users.delete(target.id, userId, tx))) return false
      await ctx.events.emit('user.deleted', { appId: target.id, userId, actor, data: { user_id: userId, reason: 'deleted_by_operator' }, c, db: tx })
      return true
    })
    if (!deleted) throw notFound()
    ctx.logger.info(`[admin] user ${userId} deleted: app ${target.id}, by ${actor}`)
    return c.body(null, 204)
  })

  app.post(adminRoutePatterns.userSessionsRevoke, async (c) => {
    const { actor } = guard.callOf(c)
    const { app: target, userId } = adminTarget(ctx, c, UserPathSchema)
    await ctx.body(c, EmptyBodySchema)
    const revoked = await ctx.db.tx(async (tx) => {
      const [user] = await tx.query('SELECT 1 FROM users WHERE id = $1 AND app_id = $2 FOR UPDATE', [userId, target.id])
      if (!user) throw notFound()
      // Refresh tokens stop rotating and access tokens stop passing requireUser from this commit on.
      const ended = await tx.query('UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND app_id = $2 AND revoked_at IS NULL RETURNING id', [userId, target.id, new Date(ctx.now())])
      await ctx.events.emit('app.sessions_revoked', { appId: target.id, userId, actor, data: { user_id: userId, revoked_sessions: ended.length }, c, db: tx })
      return ended.length
    })
    ctx.logger.info(`[admin] ${revoked} session(s) of user ${userId} revoked: app ${target.id}, by ${actor}`)
    return c.json({ revoked_sessions: revoked })
  })
}
