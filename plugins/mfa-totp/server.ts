import type { Hono } from 'hono'
import { generateSecret, generateURI, verify } from 'otplib'
import { MfaCodeSchema } from '../../core/protocol/index.js'
import { defineServerPlugin, refuseCrossSite } from '../../core/server/index.js'
import type { Db, MfaMethod, ServerContext } from '../../core/server/index.js'
import { MFA_CODE_WAIT_MS, MFA_MAX_ATTEMPTS } from '../../core/server/mfaChallenges.js'
import { totpPaths } from './api.js'
import { TotpEnrollInitInputSchema, TotpEnrollInputSchema, totpErrorCodes, totpServerTexts, TotpUnenrollInputSchema } from './schema.js'
import { createTotpSecretBox, MFA_KEK_VAR, resolveTotpKey, type TotpSecretBox } from './server/totpSecretBox.js'

/** Options of the TOTP method's server half. */
export interface MfaTotpServerOptions {
  /** The key TOTP secrets are encrypted under (32 bytes, base64 or hex). Default FOYER_MFA_KEK; dev mode generates one. */
  key?: string
  /** Read instead of process.env. */
  env?: Record<string, string | undefined>
}

/** Clock drift allowed around the current 30-second step, in seconds. */
const TOLERANCE_SECONDS = 30

/** TOTP MFA (authenticator apps), server half: enrollment with a sealed secret, and the check core's /api/v1/mfa/verify runs. */
export function mfaTotpServer(options: MfaTotpServerOptions = {}) {
  let box: Promise<TotpSecretBox> | null = null
  let context: ServerContext | null = null
  const secretBox = () => {
    box ??= resolveTotpKey({ key: options.key, env: options.env, dev: context!.config.dev, db: context!.db, logger: context!.logger }).then(createTotpSecretBox)
    return box
  }

  /** The time step a code of `secret` is valid for now (after `after`), or null. */
  const check = async (ctx: ServerContext, secret: string, code: string, after: number | null) => {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(ctx.now() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(after !== null ? { afterTimeStep: after } : {}),
    })
    return result.valid && 'timeStep' in result ? result.timeStep : null
  }

  const mfa: MfaMethod = {
    method: 'totp',
    async enrolled(db: Db, userId: string) {
      return (await db.query('SELECT 1 FROM mfa_totp WHERE user_id = $1', [userId])).length > 0
    },
    async enrolledAmong(db: Db, userIds: readonly string[]) {
      return new Set((await db.query<{ user_id: string }>('SELECT user_id FROM mfa_totp WHERE user_id = ANY($1)', [userIds])).map((r) => r.user_id))
    },
    enrolledUsersSql: 'SELECT user_id FROM mfa_totp',
    answer: MfaCodeSchema,
    async verify({ userId }, answer) {
      const ctx = context!
      const [row] = await ctx.db.query<{ secret: string; last_time_step: string | null }>('SELECT secret, last_time_step FROM mfa_totp WHERE user_id = $1', [userId])
      if (!row) return false
      const secret = (await secretBox()).open(userId, row.secret)
      const step = await check(ctx, secret, answer as string, row.last_time_step === null ? null : Number(row.last_time_step))
      if (step === null) return false
      // The accepted step is stored atomically: the same code (or an older one) never passes twice, even in parallel.
      const stored = await ctx.db.query(
        'UPDATE mfa_totp SET last_time_step = $2 WHERE user_id = $1 AND (last_time_step IS NULL OR last_time_step < $2) RETURNING 1',
        [userId, step],
      )
      return stored.length > 0
    },
  }

  return defineServerPlugin({
    id: 'mfa-totp',
    errorCodes: totpErrorCodes,
    mfa,
    rateLimits: { 'mfa-totp.enroll.user': { limit: 20, windowSeconds: 600 } },
    migrations: [
      {
        id: 'mfa-totp/001_secrets',
        sql: `
CREATE TABLE mfa_totp (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret text NOT NULL,
  last_time_step bigint,
  created_at timestamptz NOT NULL
);
CREATE TABLE mfa_totp_pending (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);`,
      },
    ],
    routes(app: Hono, ctx: ServerContext) {
      context = ctx
      if (!ctx.config.dev && !options.key && !(options.env ?? process.env)[MFA_KEK_VAR]) {
        throw new Error(`Authenticator-app MFA needs ${MFA_KEK_VAR} in production (32 random bytes as base64 or hex).`)
      }
      const enabled = (c: Parameters<ServerContext['apps']['of']>[0]) => {
        const found = ctx.apps.of(c)
        if (!((found.config.mfa_methods as readonly string[] | undefined) ?? []).includes('totp')) throw new ctx.HttpError(403, 'not_allowed', totpServerTexts.notEnabled)
        return found
      }
      const alreadyEnrolled = () => new ctx.HttpError(409, 'mfa_already_enrolled', totpServerTexts.alreadyEnrolled)

      app.post(totpPaths.enrollInit, async (c) => {
        refuseCrossSite(c)
        const found = enabled(c)
        // Adding a method needs a fresh verification when the user already has one (§6).
        const { userId } = await ctx.requireMfa(c)
        await ctx.body(c, TotpEnrollInitInputSchema)
        await ctx.enforceRateLimit('mfa-totp.enroll.user', userId)
        if (await mfa.enrolled(ctx.db, userId)) throw alreadyEnrolled()
        const secret = generateSecret()
        const user = await ctx.getUser(userId)
        const label = user.linkedAccounts.find((a) => a.type === 'email')?.address as string | undefined
        const authUrl = generateURI({ issuer: found.name, label: label ?? userId, secret })
        await ctx.db.query(
          `INSERT INTO mfa_totp_pending (user_id, secret, attempts, expires_at) VALUES ($1, $2, 0, $3)
           ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, attempts = 0, expires_at = EXCLUDED.expires_at`,
          [userId, (await secretBox()).seal(userId, secret), new Date(ctx.now() + MFA_CODE_WAIT_MS)],
        )
        return c.json({ authUrl, secret })
      })

      app.post(totpPaths.enroll, async (c) => {
        refuseCrossSite(c)
        enabled(c)
        const { userId, sessionId } = await ctx.requireMfa(c)
        const body = await ctx.body(c, TotpEnrollInputSchema)
        await ctx.enforceRateLimit('mfa-totp.enroll.user', userId)
        // Counted before the check, like a challenge: 4 guesses per pending secret, parallel ones included.
        const [pending] = await ctx.db.query<{ secret: string; attempts: number }>(
          `UPDATE mfa_totp_pending SET attempts = attempts + 1 WHERE user_id = $1 AND attempts < $2 AND expires_at > $3 RETURNING secret, attempts`,
          [userId, MFA_MAX_ATTEMPTS, new Date(ctx.now())],
        )
        if (!pending) {
          const [row] = await ctx.db.query<{ attempts: number; expires_at: Date }>('SELECT attempts, expires_at FROM mfa_totp_pending WHERE user_id = $1', [userId])
          if (!row) throw new ctx.HttpError(400, 'invalid_data', `mfaCode: ${totpServerTexts.noPendingEnrollment}`)
          if (Number(row.attempts) >= MFA_MAX_ATTEMPTS) throw new ctx.HttpError(403, 'mfa_verification_max_attempts_reached', 'MFA verification max attempts reached')
          throw new ctx.HttpError(400, 'mfa_timeout', 'Timed out waiting for MFA code')
        }
        const secret = (await secretBox()).open(userId, pending.secret)
        const step = await check(ctx, secret, body.mfaCode, null)
        // Not missing_or_invalid_mfa: that code means 'verify first' to the client's step-up loop.
        if (step === null) throw new ctx.HttpError(401, 'invalid_credentials', 'Invalid MFA code', { attempts_left: MFA_MAX_ATTEMPTS - Number(pending.attempts) })
        await ctx.db.tx(async (tx) => {
          const taken = await tx.query('DELETE FROM mfa_totp_pending WHERE user_id = $1 AND secret = $2 RETURNING 1', [userId, pending.secret])
          if (!taken.length) throw new ctx.HttpError(400, 'invalid_data', `mfaCode: ${totpServerTexts.noPendingEnrollment}`)
          const added = await tx.query(
            `INSERT INTO mfa_totp (user_id, secret, last_time_step, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING RETURNING 1`,
            [userId, pending.secret, step, new Date(ctx.now())],
          )
          if (!added.length) throw alreadyEnrolled()
          // The user just proved the new factor in this session.
          await ctx.mfa.recordVerification(userId, sessionId, tx)
          await ctx.events.emit('mfa.enabled', { appId: ctx.apps.of(c).id, userId, data: { user_id: userId, method: 'totp' }, db: tx })
        })
        return c.json(await ctx.getUser(userId))
      })

      app.post(totpPaths.unenroll, async (c) => {
        refuseCrossSite(c)
        // Removing a method needs a fresh verification (§6); an unknown app method is still removable.
        const { userId } = await ctx.requireMfa(c)
        await ctx.body(c, TotpUnenrollInputSchema)
        await ctx.db.tx(async (tx) => {
          const removed = await tx.query('DELETE FROM mfa_totp WHERE user_id = $1 RETURNING 1', [userId])
          if (removed.length) await ctx.events.emit('mfa.disabled', { appId: ctx.apps.of(c).id, userId, data: { user_id: userId, method: 'totp' }, db: tx })
        })
        // A lock belongs to the secret that was guessed at: a new enrollment starts unlocked.
        await ctx.mfa.unlock(userId, 'totp')
        return c.json(await ctx.getUser(userId))
      })
    },
  })
}
