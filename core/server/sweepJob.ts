import { checkTableName } from './db/checkTableName.js'
import { MFA_VERIFICATION_TTL_MS } from './mfa.js'
import type { ServerJob } from './types.js'

/** How long rows outlive their expiry: a late call still gets 'expired' rather than 'unknown'. */
export const SWEEP_GRACE_MS = 24 * 3600 * 1000

/**
 * Core's expiry sweep, hourly: sessions ended (expired or revoked, with their refresh tokens and MFA
 * verifications), MFA verifications no longer fresh, rate-limit windows long over, and the tables
 * registered with `ctx.sweepExpired` (code stores). Tables that clean up as they are written (nonces,
 * transfer nonces, used captcha tokens, plugins' flows and challenges) are left to do so.
 */
export function createSweepJob() {
  const tables = new Set<string>()
  const job: ServerJob = {
    name: 'core.sweep',
    everyMs: 3600 * 1000,
    async run(ctx) {
      const now = ctx.now()
      const cutoff = new Date(now - SWEEP_GRACE_MS)
      for (const table of tables) await ctx.db.query(`DELETE FROM ${table} WHERE expires_at < $1`, [cutoff])
      await ctx.db.query('DELETE FROM sessions WHERE expires_at < $1 OR revoked_at < $1', [cutoff])
      await ctx.db.query('DELETE FROM mfa_verifications WHERE verified_at < $1', [new Date(now - MFA_VERIFICATION_TTL_MS - SWEEP_GRACE_MS)])
      const longestWindowMs = Math.max(0, ...Object.values(ctx.config.rateLimits).map((rule) => rule.windowSeconds * 1000))
      await ctx.db.query('DELETE FROM rate_limits WHERE window_start < $1', [new Date(now - longestWindowMs - SWEEP_GRACE_MS)])
    },
  }
  const sweepExpired = (table: string) => {
    tables.add(checkTableName(table, 'expiring'))
  }
  return { job, sweepExpired }
}
