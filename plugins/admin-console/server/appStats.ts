import type { Db, Mfa } from '../../../core/server/index.js'
import type { AdminStats, AdminStatsDay } from '../adminApi.js'

const DAY_MS = 24 * 3600 * 1000

/** The login method an event's data names: a login's account, or the first of a created user's accounts. */
const METHOD = `COALESCE(data->'account'->>'type', data->'accounts'->0->>'type', 'unknown')`

/**
 * The overview's figures of `appId` over the last `days` UTC days (today included), from the audit log (user.created,
 * user.authenticated, wallet.created; the index on (app_id, event, at)), the users table and the MFA methods' own
 * queries (`mfa.adoption`): a few grouped queries, whatever the number of users. `now` in epoch ms.
 */
export async function appStats(db: Db, mfa: Pick<Mfa, 'adoption'>, appId: string, days: number, now: number): Promise<AdminStats> {
  const end = new Date(now)
  const today = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate())
  const from = new Date(today - (days - 1) * DAY_MS)
  const rows = await db.query<{ day: string; event: string; method: string | null; n: number; users: number; total: number }>(
    `SELECT day, event, method, count(*)::int AS n, count(DISTINCT user_id)::int AS users, GROUPING(method)::int AS total
     FROM (
       SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, event, user_id, ${METHOD} AS method
       FROM audit_log
       WHERE app_id = $1 AND event IN ('user.created', 'user.authenticated', 'wallet.created') AND at >= $2 AND at <= $3
     ) e
     GROUP BY GROUPING SETS ((day, event, method), (day, event))`,
    [appId, from, end],
  )
  const byDay = new Map<string, AdminStatsDay>()
  for (let i = 0; i < days; i++) {
    const date = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10)
    byDay.set(date, { date, signups: {}, logins: {}, wallets_created: 0, active_users: 0 })
  }
  for (const row of rows) {
    const day = byDay.get(row.day)
    if (!day) continue
    // The (day, event) totals carry no method: distinct users who authenticated that day, and wallets created.
    const total = row.total === 1
    if (row.event === 'user.created' && !total) day.signups[row.method!] = row.n
    else if (row.event === 'user.authenticated' && !total) day.logins[row.method!] = row.n
    else if (row.event === 'user.authenticated' && total) day.active_users = row.users
    else if (row.event === 'wallet.created' && total) day.wallets_created = row.n
  }
  const [active] = await db.query<{ dau: number; wau: number; mau: number }>(
    `SELECT count(DISTINCT user_id) FILTER (WHERE at > $2)::int AS dau, count(DISTINCT user_id) FILTER (WHERE at > $3)::int AS wau,
            count(DISTINCT user_id)::int AS mau
     FROM audit_log WHERE app_id = $1 AND event = 'user.authenticated' AND at > $4 AND at <= $5`,
    [appId, new Date(now - DAY_MS), new Date(now - 7 * DAY_MS), new Date(now - 30 * DAY_MS), end],
  )
  const adoption = await mfa.adoption(appId, db)
  return {
    days: [...byDay.values()],
    active: { dau: active?.dau ?? 0, wau: active?.wau ?? 0, mau: active?.mau ?? 0 },
    mfa: { users: adoption.users, with_mfa: adoption.withMfa },
    total_users: adoption.users,
  }
}
