import type { Hono } from 'hono'
import { advisoryKey, type ServerContext } from '../../../core/server/index.js'
import { MAX_LIVE_APP_SECRETS, operationsPaths, type AppSecretListEntry, type CreatedAppSecret } from '../operationsSchema.js'
import { managementCaller } from './managementCaller.js'

const SECRET_ID = /^sk_[A-Za-z0-9_-]{16}$/

/**
 * The app's secrets over HTTP (what `foyer app-secret …` does on the server's machine), with one of them:
 *
 * - POST   /api/v1/app_secrets       `{ id, secret, prefix, created_at }`: another secret of the same app, answered this once
 *                                    (409 app_secret_limit_reached past MAX_LIVE_APP_SECRETS live ones)
 * - GET    /api/v1/app_secrets       `{ data: [{ id, prefix, created_at, last_used_at, revoked_at }] }`, newest first
 * - DELETE /api/v1/app_secrets/:id   204: refused from the next request on, on every instance; 404 app_secret_not_found
 *                                    for none, another app's or a revoked one. The secret of the call itself may be
 *                                    revoked: that is how a rotation ends (create the new one, deploy it, revoke the old
 *                                    one with the new one or with itself).
 *
 * Creating and revoking count also under `management.app_secrets` (per app), and write an audit row.
 */
export function registerAppSecretRoutes(app: Hono, ctx: ServerContext): void {
  const notFound = () => new ctx.HttpError(404, 'app_secret_not_found', 'App secret not found')

  app.post(operationsPaths.appSecrets, async (c) => {
    const { appId, actor } = await managementCaller(ctx, c)
    await ctx.enforceRateLimit('management.app_secrets', appId)
    const made = await ctx.db.tx(async (tx) => {
      // One create per app at a time: two concurrent ones can't both pass the count.
      await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [advisoryKey(`foyer.app_secrets:${appId}`)])
      if ((await ctx.appSecrets.countLive(appId, tx)) >= MAX_LIVE_APP_SECRETS) {
        throw new ctx.HttpError(409, 'app_secret_limit_reached', `At most ${MAX_LIVE_APP_SECRETS} live app secrets: revoke one first`)
      }
      const created = await ctx.appSecrets.create(appId, tx)
      await ctx.events.emit('app.secret_created', { appId, actor, data: { id: created.id, prefix: created.prefix }, c, db: tx })
      return created
    })
    ctx.logger.info(`[management] app secret ${made.prefix}… created: app ${appId}`)
    return c.json({ id: made.id, secret: made.secret, prefix: made.prefix, created_at: made.created_at } satisfies CreatedAppSecret)
  })

  app.get(operationsPaths.appSecrets, async (c) => {
    const { appId } = await managementCaller(ctx, c)
    const data: AppSecretListEntry[] = (await ctx.appSecrets.list(appId)).map((s) => ({ id: s.id, prefix: s.prefix, created_at: s.created_at, last_used_at: s.last_used_at, revoked_at: s.revoked_at }))
    return c.json({ data })
  })

  app.delete(operationsPaths.appSecret, async (c) => {
    const { appId, actor } = await managementCaller(ctx, c)
    const id = c.req.param('id')
    if (!SECRET_ID.test(id)) throw notFound()
    await ctx.enforceRateLimit('management.app_secrets', appId)
    await ctx.db.tx(async (tx) => {
      const [row] = await tx.query<{ prefix: string }>('SELECT prefix FROM app_secrets WHERE id = $1 AND app_id = $2 AND revoked_at IS NULL', [id, appId])
      if (!row || !(await ctx.appSecrets.revoke(appId, id, tx))) throw notFound()
      await ctx.events.emit('app.secret_revoked', { appId, actor, data: { id, prefix: row.prefix }, c, db: tx })
    })
    ctx.logger.info(`[management] app secret ${id} revoked: app ${appId}`)
    return c.body(null, 204)
  })
}
