import type { Context, Hono } from 'hono'
import { MfaCancelInputSchema, MfaInitInputSchema, mfaInputTexts, mfaPaths, MfaVerifyInputSchema } from '../../protocol/index.js'
import { refuseCrossSite } from '../http/refuseCrossSite.js'
import type { MfaMethod } from '../mfa.js'
import type { AuthedUser, ServerContext } from '../types.js'

/**
 * Verification with an enrolled method, for every `mfa` plugin: init starts the session's challenge (the method may
 * send a code), verify counts an attempt and asks the method, cancel drops the challenge. Enrollment routes are the
 * methods' own. A method locked after 100 failures in a row (mfaLockout.ts) answers 403 mfa_method_locked to init and
 * verify before anything is sent or counted; a page of another site is refused first (refuseCrossSite).
 */
export function mfaRoutes(app: Hono, ctx: ServerContext): void {
  /** The method, loaded, enabled for the app and enrolled by the caller; else 400 with nothing changed. */
  const enrolledMethod = async (c: Context, user: AuthedUser, name: string): Promise<MfaMethod> => {
    const method = ctx.mfa.method(name)
    if (!method?.verify || !method.answer || !((ctx.apps.of(c).config.mfa_methods as readonly string[] | undefined) ?? []).includes(name)) {
      throw new ctx.HttpError(400, 'invalid_data', `method: ${mfaInputTexts.unsupportedMethod}`)
    }
    if (!(await method.enrolled(ctx.db, user.userId))) throw new ctx.HttpError(400, 'invalid_data', 'method: MFA method not enrolled')
    return method
  }

  app.post(mfaPaths.init, async (c) => {
    refuseCrossSite(c)
    const user = await ctx.requireUser(c)
    const body = await ctx.body(c, MfaInitInputSchema)
    const method = await enrolledMethod(c, user, body.method)
    await ctx.mfa.lockout.assertUnlocked(user.userId, body.method)
    await ctx.enforceRateLimit('mfa.init.user', user.userId)
    const started = (await method.challenge?.(user)) ?? {}
    await ctx.mfa.challenges.start(user, body.method, started.state ?? null)
    return c.json({ ...started.data })
  })

  app.post(mfaPaths.verify, async (c) => {
    refuseCrossSite(c)
    const user = await ctx.requireUser(c)
    const body = await ctx.body(c, MfaVerifyInputSchema)
    const method = await enrolledMethod(c, user, body.method)
    const answer = ctx.parse(method.answer!, body.code)
    await ctx.mfa.lockout.assertUnlocked(user.userId, body.method)
    // 'code 429' (§8): a user's guesses are capped across challenges and sessions.
    await ctx.enforceRateLimit('mfa.verify.user', user.userId)
    // Each guess the method checks counts toward the lockout too: per challenge and per hour isn't per day.
    await ctx.mfa.challenges.attempt(user, body.method, (challenge) =>
      ctx.mfa.lockout.guard(user, body.method, () => method.verify!(user, answer, challenge)),
    )
    return c.json({ success: true })
  })

  app.post(mfaPaths.cancel, async (c) => {
    refuseCrossSite(c)
    const user = await ctx.requireUser(c)
    await ctx.body(c, MfaCancelInputSchema)
    await ctx.mfa.challenges.cancel(user)
    return c.json({ success: true })
  })
}
