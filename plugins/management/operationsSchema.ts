import * as v from 'valibot'
import { SERVER_EVENT_TYPES } from '../../core/server/events/serverEventTypes.js'

/**
 * The operator's routes of the management API (issue 27): the app's audit log, its webhook endpoints and deliveries,
 * and its app secrets, all with an app secret (HTTP Basic `appId:secret`) and scoped to that app.
 */
export const operationsPaths = {
  auditLog: '/api/v1/audit_log',
  webhooks: '/api/v1/webhooks',
  webhook: '/api/v1/webhooks/:id',
  webhookDeliveries: '/api/v1/webhooks/:id/deliveries',
  replayDelivery: '/api/v1/webhook_deliveries/:id/replay',
  appSecrets: '/api/v1/app_secrets',
  appSecret: '/api/v1/app_secrets/:id',
} as const

/** Codes the operator's routes answer beyond core's (invalid_app_secret, invalid_data, too_many_requests, …). */
export const operationsErrorCodes = [
  'webhooks_not_enabled',
  'webhook_endpoint_not_found',
  'webhook_delivery_not_found',
  'app_secret_not_found',
  'app_secret_limit_reached',
] as const

/** Largest page of GET /api/v1/audit_log, and its default. */
export const MAX_AUDIT_PAGE = 100
/** Most live (unrevoked) secrets an app may hold: rotation needs two, a leak must not mint thousands. */
export const MAX_LIVE_APP_SECRETS = 10

/** GET /api/v1/audit_log: the query (strings, as a URL carries them). `before`: the `next_cursor` of the previous page. */
export const AuditLogQuerySchema = v.object({
  user_id: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(128))),
  event: v.optional(v.picklist(SERVER_EVENT_TYPES, 'must be an event type')),
  before: v.optional(v.pipe(v.string(), v.regex(/^evt_[0-9a-f]{24}$/, 'must be a next_cursor'))),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, `must be 1 to ${MAX_AUDIT_PAGE}`), v.transform(Number), v.minValue(1, `must be 1 to ${MAX_AUDIT_PAGE}`), v.maxValue(MAX_AUDIT_PAGE, `must be 1 to ${MAX_AUDIT_PAGE}`)),
  ),
})

/** An audit log row as the API answers it (`at` in unix seconds; `actor`: a user id, `app:<secret prefix>` or `system`). */
export interface AuditLogEntry {
  id: string
  event: string
  user_id: string | null
  actor: string
  ip: string | null
  request_id: string | null
  at: number
  data: Record<string, unknown>
}

/** GET /api/v1/audit_log: newest first; `next_cursor` is null on the last page. */
export interface AuditLogPage {
  data: AuditLogEntry[]
  next_cursor: string | null
}

/** POST /api/v1/webhooks: `events` absent or empty means every event type. */
export const CreateWebhookSchema = v.object({
  url: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)),
  events: v.optional(v.pipe(v.array(v.picklist(SERVER_EVENT_TYPES, 'must be an event type')), v.maxLength(SERVER_EVENT_TYPES.length))),
})

/** A webhook endpoint as listed (never its secret). `events` null: all. Times in unix seconds. */
export interface WebhookEndpointInfo {
  id: string
  url: string
  events: string[] | null
  created_at: number
  disabled_at: number | null
}

/** POST /api/v1/webhooks: the endpoint and its signing secret (`whsec_…`), answered this once. */
export interface CreatedWebhookEndpoint extends WebhookEndpointInfo {
  secret: string
}

/** GET /api/v1/webhooks/:id/deliveries: newest first; pass `next_cursor` as `before` for older ones (null: the last page). */
export interface WebhookDeliveryPage {
  data: WebhookDeliveryInfo[]
  next_cursor: string | null
}

/** One delivery of an event to an endpoint, with its attempts (newest first). Times in unix seconds. */
export interface WebhookDeliveryInfo {
  /** The `webhook-id` header. */
  id: string
  endpoint_id: string
  event_id: string
  type: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  next_attempt_at: number | null
  delivered_at: number | null
  created_at: number
  log: { at: number; status: number | null; duration_ms: number; error: string | null; response: string | null }[]
}

/** An app secret as listed (never the secret, never its hash). Times in unix seconds. */
export interface AppSecretListEntry {
  id: string
  prefix: string
  created_at: number
  last_used_at: number | null
  revoked_at: number | null
}

/** POST /api/v1/app_secrets: the new secret, answered this once. */
export interface CreatedAppSecret {
  id: string
  secret: string
  prefix: string
  created_at: number
}
