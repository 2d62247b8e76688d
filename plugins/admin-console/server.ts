import type { Hono } from 'hono'
import { frameAndMisconfigurationErrorCodes, serverErrorCodes } from '../../core/protocol/index.js'
import { defineServerPlugin, type ServerContext } from '../../core/server/index.js'
import { ADMIN_APP_ID, adminErrorCodes } from './adminApi.js'
import { adminAppEntry, type AdminConsoleServerOptions } from './server/adminAppEntry.js'
import { adminAppRoutes } from './server/adminAppRoutes.js'
import { adminGuard } from './server/adminGuard.js'
import { adminMigrations } from './server/adminMigrations.js'
import { adminOperatorRoutes } from './server/adminOperatorRoutes.js'
import { adminSecretRoutes } from './server/adminSecretRoutes.js'
import { adminStatsRoutes } from './server/adminStatsRoutes.js'
import { adminUserRoutes } from './server/adminUserRoutes.js'
import { adminWebhookRoutes } from './server/adminWebhookRoutes.js'
import { consoleRoutes } from './server/consolePage.js'
import { ensureAdminApp } from './server/ensureAdminApp.js'

export { ADMIN_APP_ID, ADMIN_CONSOLE_PATH, ADMIN_SESSION_TTL_SECONDS, adminErrorCodes, adminPaths } from './adminApi.js'
export { adminCommand, ADMIN_USAGE } from './server/adminCommand.js'
export { adminAppEntry, type AdminConsoleServerOptions } from './server/adminAppEntry.js'

/** Codes core declares (the app store's: invalid_app_config, app_not_found, app_exists, app_changed). */
const CORE_CODES: ReadonlySet<string> = new Set([...serverErrorCodes, ...frameAndMisconfigurationErrorCodes])
/** What the plugin declares: the console's codes, less core's. */
const declaredCodes = adminErrorCodes.filter((code) => !CORE_CODES.has(code))

const ready = new WeakMap<ServerContext, Promise<void>>()

/** Resolves once the plugin made sure the admin app is in the app store (tests and scripts wait for it after start). */
export function adminConsoleReady(ctx: ServerContext): Promise<void> {
  return ready.get(ctx) ?? Promise.reject(new Error('adminConsoleReady: the server has no adminConsoleServer() plugin'))
}

/**
 * The admin console's server half (issue 27): the console's API under /api/v1/admin/ (adminApi.ts), for operators, the
 * admin app's users with a row in admin_operators (`foyer admin add <email>`), signed in with TOTP enrolled and the
 * session verified (server/adminGuard.ts). Owners change things, viewers read. Every change writes an audit event,
 * actor `operator:<userId>`. Apps are read and changed on the app store (`ctx.appStore`); the plugin creates the admin
 * app there at start when absent (adminAppEntry). Needs the mfa-totp plugin (operators' second factor); reads webhooks through the webhooks
 * plugin when the server runs it, and the users through the management plugin's directory.
 */
export function adminConsoleServer(options: AdminConsoleServerOptions = {}) {
  // Read (and checked) now: a bad FOYER_ADMIN_ORIGINS stops the start instead of leaving the server without its admin app.
  const entry = adminAppEntry(options)
  return defineServerPlugin({
    id: 'admin-console',
    errorCodes: declaredCodes,
    migrations: adminMigrations,
    rateLimits: {
      // Per operator: the console's page loads a few calls at a time.
      'admin.user': { limit: 600, windowSeconds: 60 },
    },
    routes(app: Hono, ctx: ServerContext) {
      // At start, once: the admin app in the store (a failure is logged; the console's calls then find no app).
      const ensured = ensureAdminApp(ctx, entry).catch((error: unknown) => {
        ctx.logger.error(`[admin] could not create the admin app ${ADMIN_APP_ID}: ${(error as Error).message}`)
      })
      ready.set(ctx, ensured)
      const guard = adminGuard(ctx)
      app.use('/api/v1/admin/*', guard.middleware)
      adminOperatorRoutes(app, ctx, guard)
      adminAppRoutes(app, ctx, guard, () => ctx.appStore)
      // The console's page and assets at /admin (server/consolePage.ts).
      consoleRoutes(app, ctx)
      adminUserRoutes(app, ctx, guard)
      adminSecretRoutes(app, ctx, guard)
      adminWebhookRoutes(app, ctx, guard)
      adminStatsRoutes(app, ctx, guard)
    },
  })
}
