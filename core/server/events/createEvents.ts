import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import type { RawUser } from '../../protocol/index.js'
import type { Db } from '../db/Db.js'
import type { Logger } from '../Logger.js'
import { currentRequest } from './requestScope.js'
import type { ServerEventType } from './serverEventTypes.js'
import { withoutSecrets } from './withoutSecrets.js'

/** An event as the audit log keeps it and plugins (`ServerPlugin.onEvent`) get it. */
export interface ServerEvent {
  /** `evt_…`, unique. */
  id: string
  type: ServerEventType
  appId: string
  userId: string | null
  /** Who did it: the user's id, `app:<secret prefix>` for a management call, or `system`. */
  actor: string
  ip: string | null
  requestId: string | null
  at: Date
  /** What happened, without secrets (stored in the audit log). */
  data: Record<string, unknown>
  /** The user as the API answers it, when the emitter has it: for webhooks, never stored in the audit log. */
  user?: Record<string, unknown>
}

/** Input of `ctx.events.emit`. */
export interface EmitInput {
  appId: string
  userId?: string | null
  data?: Record<string, unknown>
  user?: RawUser
  /** Default: the user, when a request is under way; else `system`. A management call passes `app:<secret prefix>`. */
  actor?: string
  /** The request (IP, request id); default the one under way (requestScope.ts). */
  c?: Context
  /** The transaction of the change: the event then exists if and only if the change commits. */
  db?: Db
}

/** Where the server's user lifecycle and security events go (`ctx.events`). */
export interface Events {
  /**
   * Records `type` in the audit log and hands it to every plugin's `onEvent` (the webhooks plugin's outbox), all in
   * `input.db`'s transaction when given (else a transaction of its own).
   */
  emit(type: ServerEventType, input: EmitInput): Promise<ServerEvent>
}

/** Something that takes each event inside its transaction. */
export type EventSink = (db: Db, event: ServerEvent) => Promise<void>

/** The events service over `root`: audit row plus sinks, in one transaction. */
export function createEvents(deps: { db: Db; now: () => number; clientIp: (c: Context) => string; sinks: readonly EventSink[]; logger: Logger }): Events {
  const { db: root, now, clientIp, sinks } = deps
  return {
    async emit(type, input) {
      const c = input.c ?? currentRequest()
      const event: ServerEvent = {
        id: `evt_${randomBytes(12).toString('hex')}`,
        type,
        appId: input.appId,
        userId: input.userId ?? null,
        actor: input.actor ?? (c && input.userId ? input.userId : 'system'),
        ip: c ? clientIp(c) : null,
        requestId: c ? ((c.get('requestId') as string | undefined) ?? null) : null,
        at: new Date(now()),
        data: withoutSecrets(input.data ?? {}),
        ...(input.user ? { user: withoutSecrets(input.user as unknown as Record<string, unknown>) } : {}),
      }
      await (input.db ?? root).tx(async (tx) => {
        await tx.query(
          `INSERT INTO audit_log (id, app_id, user_id, event, actor, ip, request_id, at, data) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [event.id, event.appId, event.userId, event.type, event.actor, event.ip, event.requestId, event.at, JSON.stringify(event.data)],
        )
        for (const sink of sinks) await sink(tx, event)
      })
      return event
    },
  }
}
