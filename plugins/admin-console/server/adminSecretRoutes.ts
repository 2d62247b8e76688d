import type { Hono } from 'hono'
import { advisoryKey, type ServerContext } from '../../../core/server/index.js'
import type { AdminAppSecret, AdminCreatedAppSecret } from '../adminApi.js'
import type { adminGuard } from './adminGuard.js'
import { adminRoutePatterns } from './adminRoutePatterns.js'
import { AppPathSchema, CreateSecretSchema, SecretPathSchema } from './adminSchemas.js'
import { adminTarget } from './adminTarget.js'

/** Live secrets an app may have at once (as the management API's). */
export const MAX_LIVE_SECRETS = 10

/**
 * An app's secrets (core's appSecrets; the management API authenticates with them):
 *
 * - GET    apps/:appId/secrets             `{ data: AdminAppSecret[] }`, newest first, revoked ones too
 * - POST   apps/:appId/secrets {label?}    AdminCreatedAppSecret: `secret` shown this once (owner; 409
 *                                         admin_secret_limit_reached past MAX_LIVE_SECRETS live ones); app.secret_created
 * - DELETE apps/:appId/secrets/:secretId  204 (owner): refused from the next request on; 404 not_found for none or a
 *                                         revoked one; app.secret_revoked
 */
export function adminSecretRoutes(app: Hono, ctx: ServerContext, guard: ReturnType<typeof adminGuard>): void {
  app.get(adminRoutePatterns.appSecrets, async (c) => {
    guard.callOf(c)
    const { app: target } = adminTarget(ctx, c, AppPathSchema)
    const secrets = await ctx.appSecrets.list(target.id)
    const labels = new Map(
      (await ctx.db.query<{ secret_id: string; label: string }>('SELECT secret_id, label FROM admin_secret_labels WHERE secret_id = ANY($1)', [secrets.map((s) => s.id)])).map((r) => [r.secret_id, r.label]),
    )
    const data = secrets.map(
      (s): AdminAppSecret => ({ id: s.id, prefix: s.prefix, label: labels.get(s.id) ?? null, created_at: s.created_at, last_used_at: s.last_used_at, revoked_at: s.revoked_at }),
    )
    return c.json({ data })
  })

  app.post(adminRoutePatterns.appSecrets, async (c) => {
    const { actor } = guard.callOf(c)
    const { app: target } = adminTarget(ctx, c, AppPathSchema)
    const { label = null } = await ctx.body(c, CreateSecretSchema)
    const made = await ctx.db.tx(async (tx) => {
      // One create per app at a time (the management API takes the same lock): two can't both pass the count.
      await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [advisoryKey(`foyer.app_secrets:${target.id}`)])
      if ((await ctx.appSecrets.countLive(target.id, tx)) >= MAX_LIVE_SECRETS) {
        throw new ctx.HttpError(409, 'admin_secret_limit_reached', `At most ${MAX_LIVE_SECRETS} live app secrets: revoke one first`)
      }
      const created = await ctx.appSecrets.create(target.id, tx)
      if (label) await tx.query('INSERT INTO admin_secret_labels (secret_id, label) VALUES ($1, $2)', [created.id, label])
      await ctx.events.emit('app.secret_created', { appId: target.id, actor, data: { id: created.id, prefix: created.prefix, label }, c, db: tx })
      return created
    })
    ctx.logger.info(`[admin] app secret ${made.prefix}… created: app ${target.id}, by ${actor}`)
    const answer: AdminCreatedAppSecret = { id: made.id, prefix: made.prefix, label, created_at: made.created_at, last_used_at: null, revoked_at: null, secret: made.secret }
    return c.json(answer)
  })

  app.delete(adminRoutePatterns.appSecret, async (c) => {
    const { actor } = guard.callOf(c)
    const { app: target, secretId } = adminTarget(ctx, c, SecretPathSchema)
    await ctx.db.tx(async (tx) => {
      const [row] = await tx.query<{ prefix: string }>('SELECT prefix FROM app_secrets WHERE id = $1 AND app_id = $2 AND revoked_at IS NULL', [secretId, target.id])
      if (!row || !(await ctx.appSecrets.revoke(target.id, secretId, tx))) throw new ctx.HttpError(404, 'not_found', 'App secret not found')
      await ctx.events.emit('app.secret_revoked', { appId: target.id, actor, data: { id: secretId, prefix: row.prefix }, c, db: tx })
    })
    ctx.logger.info(`[admin] app secret ${secretId} revoked: app ${target.id}, by ${actor}`)
    return c.body(null, 204)
  })
}
