import type { Db } from '../db/Db.js'
import { HttpError } from '../HttpError.js'

/** An audit log row as `ctx.audit.list` answers it. */
export interface AuditEntry {
  id: string
  appId: string
  userId: string | null
  event: string
  actor: string
  ip: string | null
  requestId: string | null
  at: Date
  data: Record<string, unknown>
}

/** Query of `ctx.audit.list`: newest first; `before` is the id of the last entry of the previous page. */
export interface AuditQuery {
  appId: string
  userId?: string
  event?: string
  before?: string
  /** 1..1000, default 100. */
  limit?: number
}

/** The audit log (`ctx.audit`). */
export interface Audit {
  list(query: AuditQuery): Promise<AuditEntry[]>
  /** How long rows are kept (FOYER_AUDIT_RETENTION_DAYS, default 365). */
  readonly retentionDays: number
}

interface AuditRow {
  id: string
  app_id: string
  user_id: string | null
  event: string
  actor: string
  ip: string | null
  request_id: string | null
  at: Date
  data: Record<string, unknown>
}

/** Default of FOYER_AUDIT_RETENTION_DAYS. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365

/** `auditRetentionDays` / FOYER_AUDIT_RETENTION_DAYS as a whole number of days ≥ 1; anything else stops the start. */
export function resolveAuditRetentionDays(option: number | undefined, env: string | undefined): number {
  const days = option ?? (env ? Number(env) : DEFAULT_AUDIT_RETENTION_DAYS)
  if (!(Number.isInteger(days) && days >= 1)) throw new Error('auditRetentionDays (FOYER_AUDIT_RETENTION_DAYS) must be a whole number of days, at least 1')
  return days
}

/** Reads the audit log. */
export function createAudit(db: Db, retentionDays: number): Audit {
  return {
    retentionDays,
    async list({ appId, userId, event, before, limit = 100 }) {
      if (!(Number.isInteger(limit) && limit >= 1 && limit <= 1000)) throw new HttpError(400, 'invalid_data', 'limit: 1..1000')
      const params: unknown[] = [appId]
      const where = ['app_id = $1']
      if (userId) where.push(`user_id = $${params.push(userId)}`)
      if (event) where.push(`event = $${params.push(event)}`)
      if (before) where.push(`(at, id) < (SELECT at, id FROM audit_log WHERE id = $${params.push(before)} AND app_id = $1)`)
      const rows = await db.query<AuditRow>(
        `SELECT id, app_id, user_id, event, actor, ip, request_id, at, data FROM audit_log WHERE ${where.join(' AND ')}
         ORDER BY at DESC, id DESC LIMIT $${params.push(limit)}`,
        params,
      )
      return rows.map((r) => ({
        id: r.id,
        appId: r.app_id,
        userId: r.user_id,
        event: r.event,
        actor: r.actor,
        ip: r.ip,
        requestId: r.request_id,
        at: new Date(r.at),
        data: r.data,
      }))
    },
  }
}
