import type { Hono } from 'hono'
import { frameAndMisconfigurationErrorCodes, serverErrorCodes } from '../../core/protocol/index.js'
import { defineServerPlugin, type ServerContext } from '../../core/server/index.js'
import { ADMIN_APP_ID, adminErrorCodes } from './adminApi.js'
import { adminAppRoutes } from './server/adminAppRoutes.js'
import { adminGuard } from './server/adminGuard.js'
import { adminMigrations } from './server/adminMigrations.js'
import { adminOperatorRoutes } from './server/adminOperatorRoutes.js'
import { adminSecretRoutes } from './server/adminSecretRoutes.js'
import { adminStatsRoutes } from './server/adminStatsRoutes.js'
import { adminUserRoutes } from './server/adminUserRoutes.js'
import { adminWebhookRoutes } from './server/adminWebhookRoutes.js'
import { ensureAdminApp } from './server/ensureAdminApp.js'

export { ADMIN_APP_ID, ADMIN_CONSOLE_PATH, ADMIN_SESSION_TTL_SECONDS, adminErrorCodes, adminPaths } from './adminApi.js'
export { adminCommand, ADMIN_USAGE } from './server/adminCommand.js'

/** Codes core declares (the app store's: invalid_app_config, app_not_found, app_exists, app_changed). */
const CORE_CODES: ReadonlySet<string> = new Set([...serverErrorCodes, ...frameAndMisconfigurationErrorCodes])
/** What the plugin declares: the console's codes, less core's. */
const declaredCodes = adminErrorCodes.filter((code) => !CORE_CODES.has(code))

const ready = new WeakMap<ServerContext, Promise<void>>()

/** Resolves once the plugin made sure the admin app is in the app store (tests and scripts wait for it after start). */
export function adminConsoleReady(ctx: ServerContext): Promise<void> {
  return ready.get(ctx) ?? Promise.reject(new Error('adminConsoleReady: the server has no adminConsoleServer() plugin'))
}

/** Options of `adminConsoleServer`. */
export interface AdminConsoleServerOptions {
  /** Origins besides the API's own that may call the console's API (the admin app's allowed_origins). Default FOYER_ADMIN_ORIGINS (comma-separated), else none. */
  origins?: string[]
  /** Read instead of process.env. */
  env?: Record<string, string | undefined>
}

/** The admin app's allowed origins: `origins`, else FOYER_ADMIN_ORIGINS (comma-separated), else none. */
function adminOrigins(options: AdminConsoleServerOptions): string[] {
  if (options.origins) return options.origins
  const env = (options.env ?? process.env).FOYER_ADMIN_ORIGINS ?? ''
  return env.split(',').map((o) => o.trim()).filter(Boolean)
}

/**
 * The admin app's entry: the internal app operators sign in to (e-mail code or passkey, TOTP required), called from the
 * console at /admin on the API's own origin (`allow_api_origin`) and from `origins`. The plugin creates it in the app
 * store at start when absent.
 */
export function adminAppEntry(options: AdminConsoleServerOptions = {}) {
  return {
    id: ADMIN_APP_ID,
    name: 'Foyer admin',
    allowed_origins: adminOrigins(options),
    allow_api_origin: true,
    email_auth: true,
    passkey: true,
    mfa_methods: ['totp'],
  }
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
      const ensured = ensureAdminApp(ctx, adminAppEntry(options)).catch((error: unknown) => {
        ctx.logger.error(`[admin] could not create the admin app ${ADMIN_APP_ID}: ${(error as Error).message}`)
      })
      ready.set(ctx, ensured)
      const guard = adminGuard(ctx)
      app.use('/api/v1/admin/*', guard.middleware)
      adminOperatorRoutes(app, ctx, guard)
      adminAppRoutes(app, ctx, guard, () => ctx.appStore)
      adminUserRoutes(app, ctx, guard)
      adminSecretRoutes(app, ctx, guard)
      adminWebhookRoutes(app, ctx, guard)
      adminStatsRoutes(app, ctx, guard)
    },
  })
}
