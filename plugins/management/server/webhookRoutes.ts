import type { Context, Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import { DeliveryPageQuerySchema, webhooksIfEnabled, type WebhookDelivery, type WebhookEndpoint, type Webhooks } from '../../webhooks/server.js'
import { CreateWebhookSchema, operationsPaths, type CreatedWebhookEndpoint, type WebhookDeliveryInfo, type WebhookDeliveryPage, type WebhookEndpointInfo } from '../operationsSchema.js'
import { managementCaller, type ManagementCaller } from './managementCaller.js'

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null)
const ENDPOINT_ID = /^ep_[0-9a-f]{24}$/
const DELIVERY_ID = /^msg_[0-9a-f]{24}$/

const endpointInfo = (e: Pick<WebhookEndpoint, 'id' | 'url' | 'events' | 'createdAt' | 'disabledAt'>): WebhookEndpointInfo => ({
  id: e.id,
  url: e.url,
  events: e.events,
  created_at: seconds(e.createdAt)!,
  disabled_at: seconds(e.disabledAt),
})

const deliveryInfo = (d: WebhookDelivery): WebhookDeliveryInfo => ({
  id: d.id,
  endpoint_id: d.endpointId,
  event_id: d.eventId,
  type: d.type,
  status: d.status,
  attempts: d.attempts,
  next_attempt_at: seconds(d.nextAttemptAt),
  delivered_at: seconds(d.deliveredAt),
  created_at: seconds(d.createdAt)!,
  log: d.log.map((a) => ({ at: seconds(a.at)!, status: a.status, duration_ms: a.durationMs, error: a.error, response: a.response })),
})

/**
 * The app's webhook endpoints over the webhooks plugin (`webhooksServer()`; without it every route is 404
 * webhooks_not_enabled). Scoped to the authenticated app: another app's endpoint or delivery is not found.
 *
 * - POST   /api/v1/webhooks {url, events?}          `{ id, url, events, created_at, disabled_at, secret }`: the secret this once
 * - GET    /api/v1/webhooks                         `{ data: [endpoint] }` (removed ones too, with `disabled_at`)
 * - DELETE /api/v1/webhooks/:id                     204: nothing more is sent to it; its delivery log stays
 * - GET    /api/v1/webhooks/:id/deliveries?before&limit   `{ data: [delivery], next_cursor }`: newest first with their
 *                                                   attempts, up to 100 a page; `next_cursor` as `before` pages back
 * - POST   /api/v1/webhook_deliveries/:id/replay    204: sent again, same webhook-id
 */
export function registerWebhookRoutes(app: Hono, ctx: ServerContext): void {
  /** The caller, then the webhooks service (looked up per request: the plugin may be listed after this one). */
  const open = async (c: Context): Promise<{ caller: ManagementCaller; webhooks: Webhooks }> => {
    const caller = await managementCaller(ctx, c)
    const webhooks = webhooksIfEnabled(ctx)
    if (!webhooks) throw new ctx.HttpError(404, 'webhooks_not_enabled', 'This server runs without webhooks (webhooksServer())')
    return { caller, webhooks }
  }
  const endpointNotFound = () => new ctx.HttpError(404, 'webhook_endpoint_not_found', 'Webhook endpoint not found')
  const deliveryNotFound = () => new ctx.HttpError(404, 'webhook_delivery_not_found', 'Webhook delivery not found')
  /** The webhooks service's 404 (another app's id, or none) as this API's code. */
  const notFoundAs = async <T>(work: Promise<T>, as: () => Error): Promise<T> => {
    try {
      return await work
    } catch (error) {
      if (error instanceof ctx.HttpError && error.code === 'not_found') throw as()
      throw error
    }
  }

  app.post(operationsPaths.webhooks, async (c) => {
    const { caller, webhooks } = await open(c)
    const { url, events } = await ctx.body(c, CreateWebhookSchema)
    const { appId, actor } = caller
    const added = await webhooks.addEndpoint(appId, { url, events }, async (tx, endpoint) => {
      const data = { endpoint_id: endpoint.id, url: endpoint.url, events: endpoint.events }
      await ctx.events.emit('app.webhook_endpoint_created', { appId, actor, data, c, db: tx })
    })
    ctx.logger.info(`[management] webhook endpoint ${added.id} added: app ${appId}`)
    return c.json({ ...endpointInfo({ ...added, disabledAt: null }), secret: added.secret } satisfies CreatedWebhookEndpoint)
  })

  app.get(operationsPaths.webhooks, async (c) => {
    const { caller, webhooks } = await open(c)
    return c.json({ data: (await webhooks.listEndpoints(caller.appId)).map(endpointInfo) })
  })

  app.delete(operationsPaths.webhook, async (c) => {
    const { caller, webhooks } = await open(c)
    const { appId, actor } = caller
    const id = c.req.param('id')
    if (!ENDPOINT_ID.test(id)) throw endpointNotFound()
    // Removing a removed endpoint changes nothing, and writes no audit row.
    await notFoundAs(
      webhooks.removeEndpoint(id, appId, async (tx) => {
        await ctx.events.emit('app.webhook_endpoint_removed', { appId, actor, data: { endpoint_id: id }, c, db: tx })
      }),
      endpointNotFound,
    )
    return c.body(null, 204)
  })

  app.get(operationsPaths.webhookDeliveries, async (c) => {
    const { caller, webhooks } = await open(c)
    const id = c.req.param('id')
    if (!ENDPOINT_ID.test(id)) throw endpointNotFound()
    const query = ctx.parse(DeliveryPageQuerySchema, c.req.query())
    const page = await notFoundAs(webhooks.deliveries(id, caller.appId, query), endpointNotFound)
    return c.json({ data: page.data.map(deliveryInfo), next_cursor: page.nextCursor } satisfies WebhookDeliveryPage)
  })

  app.post(operationsPaths.replayDelivery, async (c) => {
    const { caller, webhooks } = await open(c)
    const { appId, actor } = caller
    const id = c.req.param('id')
    if (!DELIVERY_ID.test(id)) throw deliveryNotFound()
    await notFoundAs(
      webhooks.replay(id, appId, async (tx) => {
        await ctx.events.emit('app.webhook_delivery_replayed', { appId, actor, data: { delivery_id: id }, c, db: tx })
      }),
      deliveryNotFound,
    )
    return c.body(null, 204)
  })
}
