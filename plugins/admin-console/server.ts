import type { Hono } from 'hono'
import { frameAndMisconfigurationErrorCodes, serverErrorCodes } from '../../core/protocol/index.js'
import { defineServerPlugin, type ServerContext } from '../../core/server/index.js'
import { ADMIN_APP_ID, adminErrorCodes } from './adminApi.js'
import { adminGuard } from './server/adminGuard.js'
import { adminMigrations } from './server/adminMigrations.js'
import { adminOperatorRoutes } from './server/adminOperatorRoutes.js'
import { adminSecretRoutes } from './server/adminSecretRoutes.js'
import { adminStatsRoutes } from './server/adminStatsRoutes.js'
import { adminUserRoutes } from './server/adminUserRoutes.js'
import { adminWebhookRoutes } from './server/adminWebhookRoutes.js'

export { ADMIN_APP_ID, ADMIN_CONSOLE_PATH, ADMIN_SESSION_TTL_SECONDS, adminErrorCodes, adminPaths } from './adminApi.js'
export { adminCommand, ADMIN_USAGE } from './server/adminCommand.js'

/**
 * Codes of adminErrorCodes this plugin does not send (yet): the app store's (it declares them), and the apps routes'
 * app_protected (the apps routes come with the app store).
 */
const APP_STORE_CODES: readonly string[] = ['invalid_app_config', 'app_exists', 'app_changed', 'app_protected']
const CORE_CODES: ReadonlySet<string> = new Set([...serverErrorCodes, ...frameAndMisconfigurationErrorCodes])
/** What the plugin declares: the console's codes its routes send, less core's. */
const declaredCodes = adminErrorCodes.filter((code) => !CORE_CODES.has(code) && !APP_STORE_CODES.includes(code))

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
 * The admin app's entry: the internal app operators sign in to (e-mail code or passkey, TOTP required). The plugin
 * keeps it in the app store; until then a server declares it in its apps (`createServer({ apps: [adminAppEntry()] })`).
 */
export function adminAppEntry(options: AdminConsoleServerOptions = {}) {
  return { id: ADMIN_APP_ID, name: 'Foyer admin', allowed_origins: adminOrigins(options), email_auth: true, passkey: true, mfa_methods: ['totp'] }
}

/**
 * The admin console's server half (issue 27): the console's API under /api/v1/admin/ (adminApi.ts), for operators, the
 * admin app's users with a row in admin_operators (`foyer admin add <email>`), signed in with TOTP enrolled and the
 * session verified (server/adminGuard.ts). Owners change things, viewers read. Every change writes an audit event,
 * actor `operator:<userId>`. Needs the mfa-totp plugin (operators' second factor); reads webhooks through the webhooks
 * plugin when the server runs it, and the users through the management plugin's directory.
 */
export function adminConsoleServer(_options: AdminConsoleServerOptions = {}) {
  return defineServerPlugin({
    id: 'admin-console',
    errorCodes: declaredCodes,
    migrations: adminMigrations,
    rateLimits: {
      // Per operator: the console's page loads a few calls at a time.
      'admin.user': { limit: 600, windowSeconds: 60 },
    },
    routes(app: Hono, ctx: ServerContext) {
      const guard = adminGuard(ctx)
      app.use('/api/v1/admin/*', guard.middleware)
      adminOperatorRoutes(app, ctx, guard)
      adminUserRoutes(app, ctx, guard)
      adminSecretRoutes(app, ctx, guard)
      adminWebhookRoutes(app, ctx, guard)
      adminStatsRoutes(app, ctx, guard)
    },
  })
}
