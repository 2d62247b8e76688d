import type { Context, MiddlewareHandler } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import { ADMIN_APP_ID, ADMIN_SESSION_TTL_SECONDS, adminPaths, type AdminOperator } from '../adminApi.js'
import { operatorStore } from './operatorStore.js'

/** The MFA method operators must enrol (the mfa-totp plugin's `mfa.method`). */
export const TOTP_METHOD = 'totp'

/** Who calls an admin route (set by the guard). */
export interface OperatorCall {
  userId: string
  sessionId: string
  operator: AdminOperator
  /** The audit log's actor of the operator's changes. */
  actor: `operator:${string}`
}

/** Unix seconds the session's admin verification lasts until, or null when it has none (or it ran out). */
export async function verifiedUntil(ctx: ServerContext, userId: string, sessionId: string): Promise<number | null> {
  const [row] = await ctx.db.query<{ verified_at: Date }>('SELECT verified_at FROM admin_sessions WHERE session_id = $1 AND user_id = $2', [sessionId, userId])
  if (!row) return null
  const until = Math.floor(new Date(row.verified_at).getTime() / 1000) + ADMIN_SESSION_TTL_SECONDS
  return until > ctx.now() / 1000 ? until : null
}

/**
 * The check in front of every /api/v1/admin/ route, in this order: the request's app is the admin app, its access
 * token names a live session (401), the user is an operator (403 not_an_operator), the 'admin.user' rate limit, TOTP
 * enrolled (403 admin_mfa_enrollment_required), the session verified with TOTP within ADMIN_SESSION_TTL_SECONDS (403
 * admin_session_unverified), and the owner role for writes and the operators list (403 admin_role_required). GET
 * session skips the last three and POST session the last two (it is how a session gets verified). The role and the
 * operator row are read on every request: a demotion or a removal applies at once.
 */
export function adminGuard(ctx: ServerContext): { middleware: MiddlewareHandler; callOf(c: Context): OperatorCall } {
  const calls = new WeakMap<Context, OperatorCall>()
  const notAnOperator = () => new ctx.HttpError(403, 'not_an_operator', 'Only operators of this server may use the admin console')
  const middleware: MiddlewareHandler = async (c, next) => {
    if (ctx.apps.of(c).id !== ADMIN_APP_ID) throw notAnOperator()
    const { userId, sessionId } = await ctx.requireUser(c)
    await ctx.enforceRateLimit('admin.user', userId)
    const operator = await operatorStore.get(ctx.db, userId)
    if (!operator) throw notAnOperator()
    calls.set(c, { userId, sessionId, operator, actor: `operator:${userId}` })
    const session = c.req.path === adminPaths.session
    const read = c.req.method === 'GET' || c.req.method === 'HEAD'
    if (session && read) return next()
    if (!(await ctx.mfa.methods(userId)).includes(TOTP_METHOD)) {
      throw new ctx.HttpError(403, 'admin_mfa_enrollment_required', 'Operators must set up an authenticator app (TOTP) first')
    }
    if (session) return next()
    if ((await verifiedUntil(ctx, userId, sessionId)) === null) {
      throw new ctx.HttpError(403, 'admin_session_unverified', 'Verify this session with your authenticator app')
    }
    if ((!read || c.req.path === adminPaths.operators) && operator.role !== 'owner') {
      throw new ctx.HttpError(403, 'admin_role_required', 'Only an owner may do this')
    }
    return next()
  }
  return {
    middleware,
    callOf(c) {
      const call = calls.get(c)
      if (!call) throw new Error('adminGuard: a route under /api/v1/admin/ ran without the guard')
      return call
    },
  }
}
