import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { SERVER_EVENT_TYPES, type ServerContext } from '../../../core/server/index.js'
import { DeliveryPageQuerySchema, webhooksIfEnabled, type WebhookDelivery, type WebhookEndpoint, type Webhooks } from '../../webhooks/server.js'
import type { AdminCreatedWebhookEndpoint, AdminWebhookDelivery, AdminWebhookDeliveryPage, AdminWebhookEndpoint, AdminWebhookList } from '../adminApi.js'
import type { adminGuard } from './adminGuard.js'
import { adminRoutePatterns } from './adminRoutePatterns.js'
import { AppPathSchema, DeliveryPathSchema, EmptyBodySchema, EndpointPathSchema } from './adminSchemas.js'
import { adminTarget } from './adminTarget.js'

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null)

/** POST webhooks: the endpoint's URL (https, or http://localhost) and its events (none: all). */
export const AddWebhookSchema = v.strictObject({
  url: v.pipe(v.string('must be a URL'), v.trim(), v.nonEmpty('must be a URL'), v.maxLength(2048, 'must be at most 2048 characters')),
  events: v.optional(v.pipe(v.array(v.picklist(SERVER_EVENT_TYPES, 'must be an event type')), v.maxLength(SERVER_EVENT_TYPES.length))),
})

const endpointOf = (e: Pick<WebhookEndpoint, 'id' | 'url' | 'events' | 'createdAt' | 'disabledAt'>): AdminWebhookEndpoint => ({
  id: e.id,
  url: e.url,
  events: e.events,
  created_at: seconds(e.createdAt)!,
  disabled_at: seconds(e.disabledAt),
})

const deliveryOf = (d: WebhookDelivery): AdminWebhookDelivery => ({
  id: d.id,
  event_id: d.eventId,
  event_type: d.type,
  status: d.status,
  attempts: d.attempts,
  last_status: d.log[0]?.status ?? null,
  last_error: d.log[0]?.error ?? null,
  created_at: seconds(d.createdAt)!,
  delivered_at: seconds(d.deliveredAt),
})

/**
 * An app's webhook endpoints through the webhooks plugin (`webhooksServer()`):
 *
 * - GET    apps/:appId/webhooks                       `{ enabled, data: AdminWebhookEndpoint[] }` (`enabled: false, data: []`
 *                                                     when the server runs without the plugin)
 * - POST   apps/:appId/webhooks {url, events?}        the endpoint and its signing `secret`, shown this once (owner)
 * - DELETE apps/:appId/webhooks/:endpointId          204 (owner): nothing more is sent to it
 * - GET    …/webhooks/:endpointId/deliveries          `{ data: AdminWebhookDelivery[] }`, the latest 100
 * - POST   …/deliveries/:deliveryId/replay            204 (owner): sent again, same webhook-id
 *
 * Without the plugin, all but the list are 404 not_found; so is another app's endpoint or delivery.
 */
export function adminWebhookRoutes(app: Hono, ctx: ServerContext, guard: ReturnType<typeof adminGuard>): void {
  const service = (): Webhooks => {
    const webhooks = webhooksIfEnabled(ctx)
    if (!webhooks) throw new ctx.HttpError(404, 'not_found', 'This server runs without webhooks (webhooksServer())')
    return webhooks
  }
  /** The webhooks service's 404 (another app's id, or none), with what was not found. */
  const found = async <T>(work: Promise<T>, what: string): Promise<T> => {
    try {
      return await work
    } catch (error) {
      if (error instanceof ctx.HttpError && error.code === 'not_found') throw new ctx.HttpError(404, 'not_found', `${what} not found`)
      throw error
    }
  }
  const caller = (c: Context) => guard.callOf(c).actor

  app.get(adminRoutePatterns.webhooks, async (c) => {
    guard.callOf(c)
    const { app: target } = adminTarget(ctx, c, AppPathSchema)
    const webhooks = webhooksIfEnabled(ctx)
    if (!webhooks) return c.json({ enabled: false, data: [] } satisfies AdminWebhookList)
    return c.json({ enabled: true, data: (await webhooks.listEndpoints(target.id)).map(endpointOf) } satisfies AdminWebhookList)
  })

  app.post(adminRoutePatterns.webhooks, async (c) => {
    const actor = caller(c)
    const { app: target } = adminTarget(ctx, c, AppPathSchema)
    const { url, events } = await ctx.body(c, AddWebhookSchema)
    const added = await service().addEndpoint(target.id, { url, events }, async (tx, endpoint) => {
      const data = { endpoint_id: endpoint.id, url: endpoint.url, events: endpoint.events }
      await ctx.events.emit('app.webhook_endpoint_created', { appId: target.id, actor, data, c, db: tx })
    })
    ctx.logger.info(`[admin] webhook endpoint ${added.id} added: app ${target.id}, by ${actor}`)
    return c.json({ ...endpointOf({ ...added, disabledAt: null }), secret: added.secret } satisfies AdminCreatedWebhookEndpoint)
  })

  app.delete(adminRoutePatterns.webhook, async (c) => {
    const actor = caller(c)
    const { app: target, endpointId } = adminTarget(ctx, c, EndpointPathSchema)
    // Removing a removed endpoint changes nothing and writes no audit row.
    await found(
      service().removeEndpoint(endpointId, target.id, async (tx) => {
        await ctx.events.emit('app.webhook_endpoint_removed', { appId: target.id, actor, data: { endpoint_id: endpointId }, c, db: tx })
      }),
      'Webhook endpoint',
    )
    return c.body(null, 204)
  })

  app.get(adminRoutePatterns.webhookDeliveries, async (c) => {
    guard.callOf(c)
    const { app: target, endpointId } = adminTarget(ctx, c, EndpointPathSchema)
    const query = ctx.parse(DeliveryPageQuerySchema, c.req.query())
    const page = await found(service().deliveries(endpointId, target.id, query), 'Webhook endpoint')
    return c.json({ data: page.data.map(deliveryOf), next_cursor: page.nextCursor } satisfies AdminWebhookDeliveryPage)
  })

  app.post(adminRoutePatterns.webhookReplay, async (c) => {
    const actor = caller(c)
    const { app: target, endpointId, deliveryId } = adminTarget(ctx, c, DeliveryPathSchema)
    await ctx.body(c, EmptyBodySchema)
    const webhooks = service()
    // The delivery must be the endpoint's (the path names both), however old it is.
    if ((await found(webhooks.deliveryEndpoint(deliveryId, target.id), 'Webhook delivery')) !== endpointId) {
      throw new ctx.HttpError(404, 'not_found', 'Webhook delivery not found')
    }
    await found(
      webhooks.replay(deliveryId, target.id, async (tx) => {
        await ctx.events.emit('app.webhook_delivery_replayed', { appId: target.id, actor, data: { delivery_id: deliveryId }, c, db: tx })
      }),
      'Webhook delivery',
    )
    return c.body(null, 204)
  })
}
