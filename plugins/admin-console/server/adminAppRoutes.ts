import type { Hono } from 'hono'
import * as v from 'valibot'
import type { ServerContext } from '../../../core/server/index.js'
import type { AppStore, StoredApp } from '../../../core/server/AppStore.js'
import { ADMIN_APP_ID, adminPaths, type AdminApp } from '../adminApi.js'
import type { adminGuard } from './adminGuard.js'
import { TOTP_METHOD } from './adminGuard.js'
import { adminRoutePatterns } from './adminRoutePatterns.js'
import { AppPathSchema } from './adminSchemas.js'

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)
const Entry = v.record(v.string(), v.unknown(), 'must be an app entry (an object)')

/** POST apps: a new app's entry (its id optional: the store makes one). */
export const CreateAppSchema = v.strictObject({ entry: Entry })
/** POST app: the whole entry, as read and edited, and the revision it was read at. */
export const UpdateAppSchema = v.strictObject({ entry: Entry, revision: v.pipe(v.number('must be a revision'), v.integer('must be a revision'), v.minValue(1, 'must be a revision')) })

/**
 * The apps, on the app store (`ctx.appStore`; it validates, audits app.created/updated/deleted with the operator as the
 * actor, and answers 400 invalid_app_config, 404 app_not_found, 409 app_exists / app_changed):
 *
 * - GET    apps          `{ data: AdminApp[] }` with each app's user count
 * - POST   apps          {entry}: AdminApp (owner)
 * - GET    apps/:appId   AdminApp
 * - POST   apps/:appId   {entry, revision}: AdminApp (owner)
 * - DELETE apps/:appId   204 (owner)
 *
 * The admin app itself can't be deleted, nor updated without TOTP in its mfa_methods: 400 app_protected.
 */
export function adminAppRoutes(app: Hono, ctx: ServerContext, guard: ReturnType<typeof adminGuard>, store: () => AppStore): void {
  const protectedApp = (why: string) => new ctx.HttpError(400, 'app_protected', why)
  const userCounts = async (appId?: string) => {
    const rows = await ctx.db.query<{ app_id: string; n: number }>(
      `SELECT app_id, count(*)::int AS n FROM users ${appId ? 'WHERE app_id = $1' : ''} GROUP BY app_id`,
      appId ? [appId] : [],
    )
    return new Map(rows.map((r) => [r.app_id, r.n]))
  }
  const toAdminApp = (stored: StoredApp, counts: Map<string, number>): AdminApp => ({
    id: stored.id,
    name: stored.name,
    entry: stored.entry,
    source: stored.source,
    revision: stored.revision,
    created_at: seconds(stored.createdAt),
    updated_at: seconds(stored.updatedAt),
    user_count: counts.get(stored.id) ?? 0,
  })
  const one = async (appId: string) => {
    const stored = await store().get(appId)
    if (!stored) throw new ctx.HttpError(404, 'app_not_found', 'No app with this id')
    return toAdminApp(stored, await userCounts(appId))
  }

  app.get(adminPaths.apps, async (c) => {
    guard.callOf(c)
    const [apps, counts] = await Promise.all([store().list(), userCounts()])
    return c.json({ data: apps.map((a) => toAdminApp(a, counts)) })
  })

  app.post(adminPaths.apps, async (c) => {
    const { actor } = guard.callOf(c)
    const { entry } = await ctx.body(c, CreateAppSchema)
    const created = await store().create(entry, actor)
    ctx.logger.info(`[admin] app ${created.id} created: by ${actor}`)
    return c.json(toAdminApp(created, new Map()))
  })

  app.get(adminRoutePatterns.app, async (c) => {
    guard.callOf(c)
    const { appId } = ctx.parse(AppPathSchema, c.req.param())
    return c.json(await one(appId))
  })

  app.post(adminRoutePatterns.app, async (c) => {
    const { actor } = guard.callOf(c)
    const { appId } = ctx.parse(AppPathSchema, c.req.param())
    const { entry, revision } = await ctx.body(c, UpdateAppSchema)
    // Operators sign in to the admin app: its TOTP requirement stays, or the console's second factor would go.
    if (appId === ADMIN_APP_ID && !(Array.isArray(entry.mfa_methods) && entry.mfa_methods.includes(TOTP_METHOD))) {
      throw protectedApp(`The admin app keeps "${TOTP_METHOD}" in its mfa_methods`)
    }
    const updated = await store().update(appId, entry, revision, actor)
    ctx.logger.info(`[admin] app ${appId} updated to revision ${updated.revision}: by ${actor}`)
    return c.json(toAdminApp(updated, await userCounts(appId)))
  })

  app.delete(adminRoutePatterns.app, async (c) => {
    const { actor } = guard.callOf(c)
    const { appId } = ctx.parse(AppPathSchema, c.req.param())
    if (appId === ADMIN_APP_ID) throw protectedApp('The admin app can’t be deleted: operators sign in to it')
    await store().delete(appId, actor)
    ctx.logger.info(`[admin] app ${appId} deleted: by ${actor}`)
    return c.body(null, 204)
  })
}
