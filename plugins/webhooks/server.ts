import { defineServerPlugin, type ServerContext } from '../../core/server/index.js'
import { createWebhooks, DEFAULT_RETRY_DELAYS_MS, writeWebhookOutbox, type Webhooks } from './server/createWebhooks.js'
import { webhookMigrations } from './server/webhookMigrations.js'
import { checkWebhookKek, createWebhookSecretBox, resolveWebhookKey, type WebhookSecretBox } from './server/webhookSecretBox.js'

export { webhookCommand } from './server/webhookCommand.js'
export { AddEndpointInputSchema, DEFAULT_RETRY_DELAYS_MS, MAX_DELIVERY_PAGE, DeliveryPageQuerySchema, type DeliveryPageQuery, type InChange, type Webhooks, type WebhookDelivery, type WebhookEndpoint } from './server/createWebhooks.js'
export { WEBHOOK_KEK_VAR } from './server/webhookSecretBox.js'

/** Options of `webhooksServer`. */
export interface WebhooksServerOptions {
  /** Key endpoint secrets are sealed under: 32 bytes, base64 or hex. Default FOYER_WEBHOOK_KEK (required in production). */
  key?: string
  /** Delays between attempts (default DEFAULT_RETRY_DELAYS_MS: 5 s … 12 h, nine attempts in about 22 h); then failed. */
  retryDelaysMs?: readonly number[]
  /** Time an attempt may take, in ms (default 10 000). */
  attemptTimeoutMs?: number
  /** How often each instance looks for due deliveries, in ms (default 2000, at least 1000). */
  pollMs?: number
  /** How long an instance's claim on a delivery lasts (default attemptTimeoutMs + 30 s): a dead instance's claim lapses then. */
  lockMs?: number
  /** Days a finished delivery's log and payload are kept (default 30). */
  deliveryLogDays?: number
}

const services = new WeakMap<ServerContext, Webhooks>()

/** The webhooks service of a server that runs `webhooksServer()` (the management API and the console use it). */
export function webhooksOf(ctx: ServerContext): Webhooks {
  const service = services.get(ctx)
  if (!service) throw new Error('webhooksOf: the server has no webhooksServer() plugin')
  return service
}

/** `webhooksOf(ctx)`, or null when the server runs without the webhooks plugin (the management API then answers 404). */
export function webhooksIfEnabled(ctx: ServerContext): Webhooks | null {
  return services.get(ctx) ?? null
}

/**
 * Signed webhooks (Standard Webhooks) for the server's events: endpoints per app, an outbox written in each change's
 * transaction, delivery by a job with retries and exponential backoff, a delivery log and replay. Operators manage
 * endpoints with `foyer webhook …` (or `webhooksOf(server.ctx)`).
 */
export function webhooksServer(options: WebhooksServerOptions = {}) {
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000
  const pollMs = options.pollMs ?? 2000
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  if (!(attemptTimeoutMs > 0)) throw new Error('webhooksServer: attemptTimeoutMs must be positive')
  if (!retryDelaysMs.every((ms) => ms >= 0)) throw new Error('webhooksServer: retryDelaysMs must be ≥ 0')
  return defineServerPlugin({
    id: 'webhooks',
    migrations: webhookMigrations,
    onEvent: writeWebhookOutbox,
    jobs: [
      { name: 'webhooks.deliver', everyMs: pollMs, run: async (ctx) => void (await webhooksOf(ctx).deliverDue()) },
      { name: 'webhooks.prune_log', everyMs: 24 * 3600 * 1000, run: (ctx) => webhooksOf(ctx).pruneLog() },
    ],
    routes(_app, ctx) {
      // No key in production stops the start here, not at the first endpoint.
      checkWebhookKek({ key: options.key, dev: ctx.config.dev })
      let box: Promise<WebhookSecretBox> | null = null
      services.set(
        ctx,
        createWebhooks({
          db: ctx.db,
          now: ctx.now,
          // Kept once resolved; a failure (the database away) is not kept: the next call tries again.
          box: () =>
            (box ??= resolveWebhookKey({ key: options.key, dev: ctx.config.dev, db: ctx.db, warn: (l) => ctx.logger.warn(l) })
              .then(createWebhookSecretBox)
              .catch((error: unknown) => {
                box = null
                throw error
              })),
          settings: {
            retryDelaysMs,
            attemptTimeoutMs,
            lockMs: options.lockMs ?? attemptTimeoutMs + 30_000,
            batchSize: 20,
            deliveryLogDays: options.deliveryLogDays ?? 30,
          },
        }),
      )
    },
  })
}
