import type { Context, Hono } from 'hono'
import { MfaCodeSchema } from '../../core/protocol/index.js'
import { defineServerPlugin, HttpError, refuseCrossSite } from '../../core/server/index.js'
import type { AuthedUser, Db, MfaMethod, ServerContext } from '../../core/server/index.js'
import type { MfaCaller } from '../../core/server/mfaChallenges.js'
import { mfaSmsPaths } from './api.js'
import { MfaSmsEnrollInputSchema, mfaSmsErrorCodes, MfaSmsInitInputSchema, mfaSmsServerTexts, MfaSmsUnenrollInputSchema } from './schema.js'
import { maskPhone, mfaPhoneCountry, mfaPhoneE164 } from './server/mfaPhoneNumber.js'

/** The challenge method name of an enrollment (core's challenge service counts its attempts; never verifiable by /mfa/verify). */
const ENROLL_CHALLENGE = 'sms-enroll'

/**
 * SMS MFA, server half: enrollment texts a code to a number and stores the number once the code comes back; core's
 * /api/v1/mfa/init {method: 'sms'} (or the spec's /api/v1/mfa/passwordless_sms/init {action: 'verify'}) texts a fresh
 * code to the enrolled number, kept as its HMAC in the challenge, and /api/v1/mfa/verify compares.
 */
export function mfaSmsServer() {
  let context: ServerContext | null = null

  /** The HMAC a challenge keeps: bound to purpose, user and number, keyed with the server secret. */
  const codeHash = (purpose: 'enroll' | 'verify', userId: string, e164: string, code: string) =>
    context!.secrets.hmac(`mfa-sms:${purpose}\n${userId}\n${e164}\n${code}`)

  const phoneOf = async (db: Db, userId: string) =>
    (await db.query<{ phone_number: string }>('SELECT phone_number FROM mfa_sms WHERE user_id = $1', [userId]))[0]?.phone_number ?? null

  /** Texts `code`; a provider failure is the spec's twilio_verification_failed (422, the provider's safe message). */
  const send = async (appId: string, to: string, code: string, purpose: 'enroll' | 'verify') => {
    const ctx = context!
    const name = ctx.apps.get(appId)?.name ?? 'your account'
    const text = purpose === 'enroll' ? `${code} is your code to add SMS verification to ${name}.` : `${code} is your verification code for ${name}.`
    try {
      await ctx.sms.send({ appId, to, text, code })
    } catch (e) {
      if (e instanceof HttpError && e.code === 'sms_verification_failed') {
        ctx.logger.warn(`[foyer] mfa-sms: could not text ${maskPhone(to)}`)
        throw new HttpError(422, 'twilio_verification_failed', e.message)
      }
      throw e
    }
  }

  /** Texts a fresh code to the enrolled number; its hash is the challenge's state. */
  const challenge = async (caller: MfaCaller) => {
    const ctx = context!
    const { userId } = caller
    const phone = await phoneOf(ctx.db, userId)
    if (!phone) throw new HttpError(400, 'invalid_data', 'method: MFA method not enrolled')
    await ctx.enforceRateLimit('mfa-sms.send.user', userId)
    const appId = (caller as Partial<AuthedUser>).appId ?? ''
    const code = ctx.secrets.randomCode(6)
    await send(appId, phone, code, 'verify')
    return { state: codeHash('verify', userId, phone, code) }
  }

  const mfa: MfaMethod = {
    method: 'sms',
    async enrolled(db: Db, userId: string) {
      return (await phoneOf(db, userId)) !== null
    },
    async enrolledAmong(db: Db, userIds: readonly string[]) {
      return new Set((await db.query<{ user_id: string }>('SELECT user_id FROM mfa_sms WHERE user_id = ANY($1)', [userIds])).map((r) => r.user_id))
    },
    enrolledUsersSql: 'SELECT user_id FROM mfa_sms',
    answer: MfaCodeSchema,
    challenge,
    async verify({ userId }, answer, { state }) {
      const phone = await phoneOf(context!.db, userId)
      // Single use: core's challenge service drops the challenge once it passes.
      return !!phone && !!state && context!.secrets.equal(state, codeHash('verify', userId, phone, answer as string))
    },
  }

  return defineServerPlugin({
    id: 'mfa-sms',
    errorCodes: mfaSmsErrorCodes,
    mfa,
    rateLimits: {
      // Texts cost money.
      'mfa-sms.send.user': { limit: 5, windowSeconds: 600 },
      'mfa-sms.send.number': { limit: 5, windowSeconds: 600 },
      'mfa-sms.enroll.user': { limit: 20, windowSeconds: 600 },
    },
    migrations: [
      {
        id: 'mfa-sms/001_phones',
        sql: `
CREATE TABLE mfa_sms (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  phone_number text NOT NULL,
  created_at timestamptz NOT NULL
);`,
      },
    ],
    routes(app: Hono, ctx: ServerContext) {
      context = ctx
      const enabled = (c: Context) => {
        const found = ctx.apps.of(c)
        if (!((found.config.mfa_methods as readonly string[] | undefined) ?? []).includes('sms')) throw new ctx.HttpError(403, 'not_allowed', mfaSmsServerTexts.notEnabled)
        return found
      }
      const alreadyEnrolled = () => new ctx.HttpError(409, 'mfa_sms_already_enrolled', mfaSmsServerTexts.alreadyEnrolled)
      /** E.164 of a valid number from a country the app texts (its `sms.allowed_countries`, as for SMS login). */
      const number = (found: ReturnType<typeof enabled>, raw: string | undefined) => {
        if (raw === undefined) throw new ctx.HttpError(400, 'invalid_data', `phoneNumber: ${mfaSmsServerTexts.phoneRequired}`)
        const e164 = mfaPhoneE164(raw)
        if (!e164) throw new ctx.HttpError(400, 'invalid_data', `phoneNumber: ${mfaSmsServerTexts.invalidPhone}`)
        const allowed = (found.plugins.sms as { allowed_countries?: string[] } | undefined)?.allowed_countries
        const country = mfaPhoneCountry(e164)
        if (allowed && !(country && allowed.includes(country))) throw new ctx.HttpError(403, 'mfa_sms_region_not_supported', mfaSmsServerTexts.regionNotSupported)
        return e164
      }

      app.post(mfaSmsPaths.init, async (c) => {
        refuseCrossSite(c)
        const found = enabled(c)
        const body = await ctx.body(c, MfaSmsInitInputSchema)
        if (body.action === 'verify') {
          // The spec's path for a verification: the same as core's /api/v1/mfa/init {method: 'sms'}.
          const user = await ctx.requireUser(c)
          if (!(await mfa.enrolled(ctx.db, user.userId))) throw new ctx.HttpError(400, 'invalid_data', 'method: MFA method not enrolled')
          // A locked method texts nothing.
          await ctx.mfa.lockout.assertUnlocked(user.userId, 'sms')
          await ctx.enforceRateLimit('mfa.init.user', user.userId)
          const started = await challenge(user)
          await ctx.mfa.challenges.start(user, 'sms', started.state)
          return c.json({ success: true })
        }
        // Adding a method needs a fresh verification when the user already has one (§6).
        const user = await ctx.requireMfa(c)
        const phone = number(found, body.phoneNumber)
        if (await mfa.enrolled(ctx.db, user.userId)) throw alreadyEnrolled()
        await ctx.enforceRateLimit('mfa-sms.send.user', user.userId)
        await ctx.enforceRateLimit('mfa-sms.send.number', `${found.id}:${phone}`)
        const code = ctx.secrets.randomCode(6)
        // Started before the text goes: a blocked challenge (max attempts) sends nothing.
        await ctx.mfa.challenges.start(user, ENROLL_CHALLENGE, codeHash('enroll', user.userId, phone, code))
        try {
          await send(found.id, phone, code, 'enroll')
        } catch (e) {
          await ctx.mfa.challenges.cancel(user)
          throw e
        }
        return c.json({ success: true })
      })

      app.post(mfaSmsPaths.enroll, async (c) => {
        refuseCrossSite(c)
        const found = enabled(c)
        const user = await ctx.requireMfa(c)
        const body = await ctx.body(c, MfaSmsEnrollInputSchema)
        const phone = number(found, body.phoneNumber)
        await ctx.enforceRateLimit('mfa-sms.enroll.user', user.userId)
        try {
          // Counted before the check (4 guesses, 300 000 ms); a pass records this session's verification.
          await ctx.mfa.challenges.attempt(user, ENROLL_CHALLENGE, async ({ state }) => !!state && ctx.secrets.equal(state, codeHash('enroll', user.userId, phone, body.mfaCode)))
        } catch (e) {
          // Not missing_or_invalid_mfa: that code means 'verify first' to the client's step-up loop.
          if (e instanceof HttpError && e.code === 'missing_or_invalid_mfa') {
            if (e.data?.attempts_left === undefined) throw new ctx.HttpError(400, 'invalid_data', `mfaCode: ${mfaSmsServerTexts.noPendingEnrollment}`)
            throw new ctx.HttpError(401, 'invalid_credentials', 'Invalid MFA code', { attempts_left: e.data.attempts_left })
          }
          throw e
        }
        await ctx.db.tx(async (tx) => {
          const added = await tx.query(
            'INSERT INTO mfa_sms (user_id, phone_number, created_at) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING RETURNING 1',
            [user.userId, phone, new Date(ctx.now())],
          )
          if (!added.length) throw alreadyEnrolled()
          await ctx.events.emit('mfa.enabled', { appId: user.appId, userId: user.userId, data: { user_id: user.userId, method: 'sms' }, db: tx })
        })
        return c.json(await ctx.getUser(user.userId))
      })

      app.post(mfaSmsPaths.unenroll, async (c) => {
        refuseCrossSite(c)
        // Removing a method needs a fresh verification (§6); a method the app no longer enables is still removable.
        const { userId } = await ctx.requireMfa(c)
        await ctx.body(c, MfaSmsUnenrollInputSchema)
        await ctx.db.tx(async (tx) => {
          const removed = await tx.query('DELETE FROM mfa_sms WHERE user_id = $1 RETURNING 1', [userId])
          if (removed.length) await ctx.events.emit('mfa.disabled', { appId: ctx.apps.of(c).id, userId, data: { user_id: userId, method: 'sms' }, db: tx })
        })
        // A lock belongs to the number that was guessed at: a new enrollment starts unlocked.
        await ctx.mfa.unlock(userId, 'sms')
        return c.json(await ctx.getUser(userId))
      })
    },
  })
}
