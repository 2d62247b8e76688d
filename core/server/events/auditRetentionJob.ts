import type { ServerJob } from '../types.js'

/** Daily: deletes audit rows older than the retention (one instance per day on PostgreSQL, jobs.ts). */
export function createAuditRetentionJob(retentionDays: number): ServerJob {
  return {
    name: 'core.audit_retention',
    everyMs: 24 * 3600 * 1000,
    async run(ctx) {
      await ctx.db.query('DELETE FROM audit_log WHERE at < $1', [new Date(ctx.now() - retentionDays * 24 * 3600 * 1000)])
    },
  }
}
