import { Webhook, WebhookVerificationError as LibraryVerificationError } from 'standardwebhooks'
import { BaseError } from '../../../core/errors/BaseError.js'
import type { ServerEventType } from '../../../core/server/events/serverEventTypes.js'

/** A webhook's body as the server signs it (Standard Webhooks' payload shape). */
export interface FoyerWebhookEvent {
  type: ServerEventType
  /** ISO 8601. */
  timestamp: string
  data: {
    /** The event's id (`evt_…`), the same at every endpoint. The `webhook-id` header is the delivery's: the same on every retry and replay. */
    event_id: string
    app_id: string
    user_id?: string
    /** The user (Privy's REST shape) for events about one. */
    user?: Record<string, unknown>
    [field: string]: unknown
  }
}

/** Headers as a Fetch Request has them, or a plain object as Node's `req.headers` (names in any case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>

/** The body is not what the server signed with this secret, or its timestamp is more than 5 minutes away from now. */
export class WebhookVerificationError extends BaseError {
  override name = 'WebhookVerificationError'

  constructor(message: string, cause?: unknown) {
    super(message, { code: 'INVALID_WEBHOOK_SIGNATURE', cause })
  }
}

const NAMES = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const

function standardHeaders(headers: WebhookHeaders): Record<string, string> {
  const out: Record<string, string> = {}
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    for (const name of NAMES) {
      const value = headers.get(name)
      if (value !== null) out[name] = value
    }
    return out
  }
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (!(NAMES as readonly string[]).includes(lower) || value === undefined) continue
    // Node joins nothing for these; several signatures travel space-separated in one header.
    out[lower] = Array.isArray(value) ? value.join(' ') : value
  }
  return out
}

/**
 * Verifies a webhook the Standard Webhooks way (the `standardwebhooks` library): `webhook-signature` (v1, HMAC-SHA256 of
 * `id.timestamp.body` under the endpoint's `whsec_…` secret) and `webhook-timestamp` within 5 minutes of now, then
 * answers the parsed event. `body` must be the raw body as received: re-serialized JSON does not verify.
 */
export function verifyWebhook(body: string | Uint8Array, headers: WebhookHeaders, secret: string): FoyerWebhookEvent {
  if (typeof secret !== 'string' || !secret) throw new TypeError('FoyerClient: a webhook secret (whsec_…) is needed to verify a webhook')
  let hook: Webhook
  try {
    hook = new Webhook(secret)
  } catch (error) {
    throw new TypeError(`FoyerClient: the webhook secret is not a whsec_ secret (${(error as Error).message})`)
  }
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body)
  let event: unknown
  try {
    event = hook.verify(text, standardHeaders(headers))
  } catch (error) {
    if (error instanceof LibraryVerificationError) throw new WebhookVerificationError(`Webhook refused: ${error.message}`, error)
    // The signature matched but the body is not JSON: not something the server sends.
    throw new WebhookVerificationError('Webhook refused: the body is not JSON', error)
  }
  if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string') {
    throw new WebhookVerificationError('Webhook refused: the body is not a Foyer event')
  }
  return event as FoyerWebhookEvent
}
