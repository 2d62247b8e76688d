import { randomBytes } from 'node:crypto'
import * as v from 'valibot'
import { HttpError, SERVER_EVENT_TYPES, type Db, type ServerEvent } from '../../../core/server/index.js'
import { endpointUrl } from './endpointUrl.js'
import { sendWebhook } from './sendWebhook.js'
import type { WebhookSecretBox } from './webhookSecretBox.js'

/** Delays between attempts: 5 s, 30 s, 2 min, 10 min, 1 h, 3 h, 6 h, 12 h (nine attempts over about 22 h), then failed. */
/** Largest page of an endpoint's delivery log, and its default. */
export const MAX_DELIVERY_PAGE = 100

/** A page of an endpoint's delivery log: newest first, `limit` of them, older than the delivery `before` (a cursor). */
export interface DeliveryPageQuery {
  before?: string
  limit?: number
}

/** The page query of a delivery log route, as a URL carries it (`?before=<next_cursor>&limit=N`). */
export const DeliveryPageQuerySchema = v.object({
  before: v.optional(v.pipe(v.string(), v.regex(/^msg_[0-9a-f]{24}$/, 'must be a next_cursor'))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, `must be 1 to ${MAX_DELIVERY_PAGE}`),
      v.transform(Number),
      v.minValue(1, `must be 1 to ${MAX_DELIVERY_PAGE}`),
      v.maxValue(MAX_DELIVERY_PAGE, `must be 1 to ${MAX_DELIVERY_PAGE}`),
    ),
  ),
})

export const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000] as const

/** An endpoint as listed (never its secret). */
export interface WebhookEndpoint {
  id: string
  appId: string
  url: string
  /** The event types it gets; null: all. */
  events: string[] | null
  createdAt: Date
  disabledAt: Date | null
}

/** One delivery of an event to an endpoint, with its attempts (newest first). */
export interface WebhookDelivery {
  /** The `webhook-id` header. */
  id: string
  endpointId: string
  eventId: string
  type: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  nextAttemptAt: Date | null
  deliveredAt: Date | null
  createdAt: Date
  log: { at: Date; status: number | null; durationMs: number; error: string | null; response: string | null }[]
}

/** Input of addEndpoint: `events` absent or empty means every event type. */
export const AddEndpointInputSchema = v.object({
  url: v.pipe(v.string(), v.maxLength(2048)),
  events: v.optional(v.pipe(v.array(v.picklist(SERVER_EVENT_TYPES)), v.maxLength(SERVER_EVENT_TYPES.length))),
})

/** Runs in the transaction of a change (e.g. its audit event): the change and it commit together, or neither. */
export type InChange<T> = (tx: Db, changed: T) => Promise<void>

/** Webhook endpoints, their outbox and deliveries (`webhooksOf(ctx)`, and the `foyer webhook` command). */
export interface Webhooks {
  /** Adds an endpoint; the secret (`whsec_…`) is answered here only. */
  addEndpoint(
    appId: string,
    input: v.InferInput<typeof AddEndpointInputSchema>,
    inChange?: InChange<{ id: string; url: string; events: string[] | null }>,
  ): Promise<{ id: string; secret: string; url: string; events: string[] | null; createdAt: Date }>
  listEndpoints(appId: string): Promise<WebhookEndpoint[]>
  /**
   * Disables the endpoint: nothing more is sent to it; its delivery log stays. `appId` scopes the lookup (404 not_found
   * for another app's). False: it was disabled already (`inChange` runs only when it wasn't).
   */
  removeEndpoint(endpointId: string, appId?: string, inChange?: InChange<{ id: string }>): Promise<boolean>
  /**
   * A page of the endpoint's deliveries, newest first (default and most: MAX_DELIVERY_PAGE), and the cursor of the next
   * (null on the last). A `before` that is no delivery of this endpoint is 400 invalid_data: a page is never silently the last.
   */
  deliveries(endpointId: string, appId?: string, page?: DeliveryPageQuery): Promise<{ data: WebhookDelivery[]; nextCursor: string | null }>
  /** The endpoint a delivery belongs to (`appId` scopes the lookup: 404 not_found for another app's). */
  deliveryEndpoint(deliveryId: string, appId?: string): Promise<string>
  /** Sends the delivery again, with the same webhook-id, through a new round of attempts. */
  replay(deliveryId: string, appId?: string, inChange?: InChange<{ id: string }>): Promise<void>
  /** Claims the deliveries that are due and attempts them (the delivery job). */
  deliverDue(): Promise<number>
  /** Deletes delivery logs older than the log retention (done deliveries only). */
  pruneLog(): Promise<void>
}

/** Settings of the webhooks service. */
export interface WebhooksSettings {
  retryDelaysMs: readonly number[]
  attemptTimeoutMs: number
  /** How long a claim on a delivery lasts: a claiming instance that died frees it after this. */
  lockMs: number
  /** Deliveries attempted at once per run. */
  batchSize: number
  deliveryLogDays: number
}

const notFound = () => new HttpError(404, 'not_found', 'Not found')
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/** Writes the outbox rows for `event`, in the change's transaction: a message only when some endpoint wants it. */
export async function writeWebhookOutbox(db: Db, event: ServerEvent): Promise<void> {
  const endpoints = await db.query<{ id: string }>(
    'SELECT id FROM webhook_endpoints WHERE app_id = $1 AND disabled_at IS NULL AND (events IS NULL OR $2 = ANY(events))',
    [event.appId, event.type],
  )
  if (!endpoints.length) return
  // Standard Webhooks' payload shape; stored as the exact text that is signed, so a replay sends the same bytes.
  const data = { event_id: event.id, app_id: event.appId, ...event.data, ...(event.user ? { user: event.user } : {}) }
  const payload = JSON.stringify({ type: event.type, timestamp: event.at.toISOString(), data })
  await db.query('INSERT INTO webhook_messages (id, app_id, type, payload, created_at) VALUES ($1, $2, $3, $4, $5)', [event.id, event.appId, event.type, payload, event.at])
  for (const endpoint of endpoints) {
    await db.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, message_id, status, attempts, next_attempt_at, created_at) VALUES ($1, $2, $3, 'pending', 0, $4, $4)`,
      [newId('msg'), endpoint.id, event.id, event.at],
    )
  }
}

interface Claimed {
  id: string
  endpoint_id: string
  attempts: number
  url: string
  secret_sealed: string
  payload: string
}

/** The webhooks service over `db`. */
export function createWebhooks(deps: { db: Db; now: () => number; box: () => Promise<WebhookSecretBox>; settings: WebhooksSettings }): Webhooks {
  const { db, now, box, settings } = deps
  const scoped = async (table: 'webhook_endpoints' | 'webhook_deliveries', id: string, appId: string | undefined) => {
    const sql =
      table === 'webhook_endpoints'
        ? 'SELECT id FROM webhook_endpoints WHERE id = $1 AND ($2::text IS NULL OR app_id = $2)'
        : 'SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1 AND ($2::text IS NULL OR e.app_id = $2)'
    if (!(await db.query(sql, [id, appId ?? null])).length) throw notFound()
  }

  /** One attempt of a claimed delivery, logged; the state moves on only while this instance's claim holds. */
  const attempt = async (row: Claimed, lockedUntil: Date) => {
    let secret: string
    try {
      secret = (await box()).open(row.endpoint_id, row.secret_sealed)
    } catch {
      secret = ''
    }
    const at = now()
    const result = secret
      ? await sendWebhook({ url: row.url, secret, msgId: row.id, payload: row.payload, at, timeoutMs: settings.attemptTimeoutMs })
      : { ok: false, status: null, durationMs: 0, error: 'endpoint secret does not open (FOYER_WEBHOOK_KEK changed?)', response: null }
    const attempts = row.attempts + 1
    const done = now()
    const status = result.ok ? 'delivered' : attempts > settings.retryDelaysMs.length ? 'failed' : 'pending'
    const next = status === 'pending' ? new Date(done + settings.retryDelaysMs[attempts - 1]!) : null
    await db.tx(async (tx) => {
      await tx.query('INSERT INTO webhook_attempts (delivery_id, at, status, duration_ms, error, response) VALUES ($1, $2, $3, $4, $5, $6)', [
        row.id, new Date(at), result.status, result.durationMs, result.error, result.response,
      ])
      await tx.query(
        `UPDATE webhook_deliveries SET attempts = $3, status = $4, next_attempt_at = $5, delivered_at = $6, locked_until = NULL
         WHERE id = $1 AND locked_until = $2`,
        [row.id, lockedUntil, attempts, status, next, result.ok ? new Date(done) : null],
      )
    })
  }

  return {
    async addEndpoint(appId, input, inChange) {
      const parsed = v.safeParse(AddEndpointInputSchema, input)
      if (!parsed.success) throw new HttpError(400, 'invalid_data', `${v.getDotPath(parsed.issues[0]) ?? 'input'}: ${parsed.issues[0].message}`)
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(appId)) throw new HttpError(400, 'invalid_data', 'appId: invalid')
      const url = endpointUrl(parsed.output.url)
      const events = parsed.output.events?.length ? [...new Set(parsed.output.events)] : null
      const id = newId('ep')
      const secret = `whsec_${randomBytes(32).toString('base64')}`
      // Sealed before the transaction: the first seal may read (dev: store) the key through the root connection.
      const sealed = (await box()).seal(id, secret)
      const createdAt = new Date(now())
      await db.tx(async (tx) => {
        await tx.query('INSERT INTO webhook_endpoints (id, app_id, url, events, secret_sealed, created_at) VALUES ($1, $2, $3, $4::text[], $5, $6)', [
          id, appId, url, events, sealed, createdAt,
        ])
        await inChange?.(tx, { id, url, events })
      })
      return { id, secret, url, events, createdAt }
    },

    async listEndpoints(appId) {
      const rows = await db.query<{ id: string; app_id: string; url: string; events: string[] | null; created_at: Date; disabled_at: Date | null }>(
        'SELECT id, app_id, url, events, created_at, disabled_at FROM webhook_endpoints WHERE app_id = $1 ORDER BY created_at, id',
        [appId],
      )
      return rows.map((r) => ({ id: r.id, appId: r.app_id, url: r.url, events: r.events, createdAt: new Date(r.created_at), disabledAt: r.disabled_at ? new Date(r.disabled_at) : null }))
    },

    async removeEndpoint(endpointId, appId, inChange) {
      await scoped('webhook_endpoints', endpointId, appId)
      return db.tx(async (tx) => {
        const rows = await tx.query('UPDATE webhook_endpoints SET disabled_at = $2 WHERE id = $1 AND disabled_at IS NULL RETURNING id', [endpointId, new Date(now())])
        if (rows.length) await inChange?.(tx, { id: endpointId })
        return rows.length > 0
      })
    },

    async deliveries(endpointId, appId, { before, limit = MAX_DELIVERY_PAGE } = {}) {
      await scoped('webhook_endpoints', endpointId, appId)
      if (!(Number.isInteger(limit) && limit >= 1 && limit <= MAX_DELIVERY_PAGE)) throw new HttpError(400, 'invalid_data', `limit: must be 1 to ${MAX_DELIVERY_PAGE}`)
      if (before !== undefined && !(await db.query('SELECT 1 FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2', [before, endpointId])).length) {
        throw new HttpError(400, 'invalid_data', 'before: unknown cursor')
      }
      // One row more than the page tells whether another page follows.
      const found = await db.query<{
        id: string; endpoint_id: string; message_id: string; type: string; status: WebhookDelivery['status']; attempts: number
        next_attempt_at: Date | null; delivered_at: Date | null; created_at: Date
      }>(
        `SELECT d.id, d.endpoint_id, d.message_id, m.type, d.status, d.attempts, d.next_attempt_at, d.delivered_at, d.created_at
         FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id
         WHERE d.endpoint_id = $1
           AND ($2::text IS NULL OR (d.created_at, d.id) < (SELECT b.created_at, b.id FROM webhook_deliveries b WHERE b.id = $2))
         ORDER BY d.created_at DESC, d.id DESC LIMIT $3`,
        [endpointId, before ?? null, limit + 1],
      )
      const rows = found.slice(0, limit)
      const log = rows.length
        ? await db.query<{ delivery_id: string; at: Date; status: number | null; duration_ms: number; error: string | null; response: string | null }>(
            'SELECT delivery_id, at, status, duration_ms, error, response FROM webhook_attempts WHERE delivery_id = ANY($1::text[]) ORDER BY id DESC',
            [rows.map((r) => r.id)],
          )
        : []
      const date = (d: Date | null) => (d ? new Date(d) : null)
      const data = rows.map((r) => ({
        id: r.id, endpointId: r.endpoint_id, eventId: r.message_id, type: r.type, status: r.status, attempts: Number(r.attempts),
        nextAttemptAt: date(r.next_attempt_at), deliveredAt: date(r.delivered_at), createdAt: new Date(r.created_at),
        log: log.filter((a) => a.delivery_id === r.id).map((a) => ({ at: new Date(a.at), status: a.status, durationMs: Number(a.duration_ms), error: a.error, response: a.response })),
      }))
      return { data, nextCursor: found.length > limit ? rows[rows.length - 1]!.id : null }
    },

    async deliveryEndpoint(deliveryId, appId) {
      const [row] = await db.query<{ endpoint_id: string }>(
        'SELECT d.endpoint_id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1 AND ($2::text IS NULL OR e.app_id = $2)',
        [deliveryId, appId ?? null],
      )
      if (!row) throw notFound()
      return row.endpoint_id
    },

    async replay(deliveryId, appId, inChange) {
      await scoped('webhook_deliveries', deliveryId, appId)
      // A new round of attempts; an attempt under way elsewhere keeps its claim and is not doubled.
      await db.tx(async (tx) => {
        await tx.query(
          `UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = $2, delivered_at = NULL WHERE id = $1`,
          [deliveryId, new Date(now())],
        )
        await inChange?.(tx, { id: deliveryId })
      })
    },

    async deliverDue() {
      let sent = 0
      // A few batches per run at most: the next run (any instance) goes on.
      for (let round = 0; round < 10; round++) {
        const at = new Date(now())
        const lockedUntil = new Date(at.getTime() + settings.lockMs)
        // A row claim: of instances racing for a delivery exactly one sets its lock (the outer WHERE is checked again
        // on the row a concurrent claim just changed), so each attempt is made once.
        const claimed = await db.query<Claimed>(
          `UPDATE webhook_deliveries d SET locked_until = $2
           FROM webhook_endpoints e, webhook_messages m
           WHERE d.id IN (
             SELECT dd.id FROM webhook_deliveries dd JOIN webhook_endpoints ee ON ee.id = dd.endpoint_id
             WHERE dd.status = 'pending' AND dd.next_attempt_at <= $1 AND (dd.locked_until IS NULL OR dd.locked_until <= $1)
               AND ee.disabled_at IS NULL
             ORDER BY dd.next_attempt_at LIMIT $3)
             AND d.status = 'pending' AND (d.locked_until IS NULL OR d.locked_until <= $1)
             AND e.id = d.endpoint_id AND m.id = d.message_id
           RETURNING d.id, d.endpoint_id, d.attempts, e.url, e.secret_sealed, m.payload`,
          [at, lockedUntil, settings.batchSize],
        )
        if (!claimed.length) break
        await Promise.all(claimed.map((row) => attempt({ ...row, attempts: Number(row.attempts) }, lockedUntil)))
        sent += claimed.length
        if (claimed.length < settings.batchSize) break
      }
      return sent
    },

    async pruneLog() {
      const cutoff = new Date(now() - settings.deliveryLogDays * 24 * 3600 * 1000)
      await db.query(
        `DELETE FROM webhook_messages m WHERE m.created_at < $1
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.message_id = m.id AND d.status = 'pending')`,
        [cutoff],
      )
    },
  }
}
