import type { Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import { ADMIN_APP_ID, ADMIN_SESSION_TTL_SECONDS, adminPaths, type AdminOperator, type AdminSession } from '../adminApi.js'
import { TOTP_METHOD, verifiedUntil, type adminGuard } from './adminGuard.js'
import { adminRoutePatterns } from './adminRoutePatterns.js'
import { AddOperatorSchema, EmptyBodySchema, OperatorPathSchema } from './adminSchemas.js'
import { ensureAdminUser } from './ensureAdminUser.js'
import { operatorStore } from './operatorStore.js'

/**
 * The operator's own session and the operators:
 *
 * - GET    session            AdminSession: who is signed in, whether TOTP is set up and the session verified
 * - POST   session            verifies the admin session (needs a fresh MFA verification of this session: 403
 *                             missing_or_invalid_mfa) for ADMIN_SESSION_TTL_SECONDS; AdminSession
 * - GET    operators          `{ data: AdminOperator[] }` (owner)
 * - POST   operators          {email, role?}: adds (or re-roles) the admin app's user with that e-mail, created when
 *                             absent; AdminOperator (owner; no role: a new operator is a viewer, an existing one
 *                             keeps its role; demoting the last owner is 400 last_owner)
 * - DELETE operators/:userId  204 (owner; 404 operator_not_found, 400 last_owner, not yourself: 400 not_allowed)
 */
export function adminOperatorRoutes(app: Hono, ctx: ServerContext, guard: ReturnType<typeof adminGuard>): void {
  const sessionOf = async (userId: string, sessionId: string, operator: AdminOperator): Promise<AdminSession> => {
    const until = await verifiedUntil(ctx, userId, sessionId)
    return { operator, verified: until !== null, verified_until: until, has_totp: (await ctx.mfa.methods(userId)).includes(TOTP_METHOD) }
  }

  app.get(adminPaths.session, async (c) => {
    const { userId, sessionId, operator } = guard.callOf(c)
    return c.json(await sessionOf(userId, sessionId, operator))
  })

  app.post(adminPaths.session, async (c) => {
    const { userId, sessionId, operator } = guard.callOf(c)
    // The guard checked TOTP is enrolled: requireMfa then wants this session's verification within its window.
    await ctx.requireMfa(c)
    await ctx.body(c, EmptyBodySchema)
    await ctx.db.query(
      `INSERT INTO admin_sessions (session_id, user_id, verified_at) VALUES ($1, $2, $3)
       ON CONFLICT (session_id) DO UPDATE SET verified_at = EXCLUDED.verified_at, user_id = EXCLUDED.user_id`,
      [sessionId, userId, new Date(ctx.now())],
    )
    ctx.logger.info(`[admin] session verified for ${ADMIN_SESSION_TTL_SECONDS / 3600} h: operator ${userId}`)
    return c.json(await sessionOf(userId, sessionId, operator))
  })

  app.get(adminPaths.operators, async (c) => {
    guard.callOf(c)
    return c.json({ data: await operatorStore.list(ctx.db) })
  })

  app.post(adminPaths.operators, async (c) => {
    const { actor } = guard.callOf(c)
    const { email, role } = await ctx.body(c, AddOperatorSchema)
    const { userId, now } = await ctx.db.tx(async (tx) => {
      const { userId } = await ensureAdminUser(ctx, tx, email, actor, c)
      const { before, role: now } = await operatorStore.upsert(tx, { userId, role, newRole: 'viewer', by: actor, at: new Date(ctx.now()) })
      if (before !== now) {
        await ctx.events.emit('admin.operator_added', { appId: ADMIN_APP_ID, userId, actor, data: { user_id: userId, role: now, previous_role: before }, c, db: tx })
      }
      return { userId, now }
    })
    ctx.logger.info(`[admin] operator ${userId} is ${now}: by ${actor}`)
    return c.json((await operatorStore.get(ctx.db, userId))!)
  })

  app.delete(adminRoutePatterns.operator, async (c) => {
    const { actor, userId: self } = guard.callOf(c)
    const { userId } = ctx.parse(OperatorPathSchema, c.req.param())
    if (userId === self) throw new ctx.HttpError(400, 'not_allowed', 'You cannot remove yourself: another owner can')
    await ctx.db.tx(async (tx) => {
      const role = await operatorStore.remove(tx, userId)
      if (!role) throw new ctx.HttpError(404, 'operator_not_found', 'Operator not found')
      await ctx.events.emit('admin.operator_removed', { appId: ADMIN_APP_ID, userId, actor, data: { user_id: userId, role }, c, db: tx })
    })
    ctx.logger.info(`[admin] operator ${userId} removed: by ${actor}`)
    return c.body(null, 204)
  })
}
