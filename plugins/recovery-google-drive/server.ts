import { fileURLToPath } from 'node:url'
import type { Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { ServerContext } from '../../core/server/index.js'
import { walletFrameRoutes } from '../embedded-wallet/server.js'
import { googleDriveRecoveryPaths } from './api.js'
import { resolveGoogleDrive, type GoogleDriveRecoveryOptions } from './server/googleDriveOptions.js'
import { googleDriveRoutes, recoveryOAuthMigration } from './server/googleDriveRoutes.js'

export type { GoogleDriveRecoveryOptions, ResolvedGoogleDrive } from './server/googleDriveOptions.js'
export { resolveGoogleDrive } from './server/googleDriveOptions.js'
export { recoveryOAuthMigration } from './server/googleDriveRoutes.js'

const PLUGIN_ID = 'recovery-google-drive'

/**
 * Google Drive recovery, server half: the wallet frame's Drive login (POST /api/v1/recovery/oauth/init and
 * /authenticate, from the frame's origin only; the client secret stays here) and the recovery page's half for
 * `recoveryMethod: 'google-drive'` (the key in the user's Drive appDataFolder; the page is told where Drive is and may
 * connect to it). An app offers it with `"embedded-wallet": { user_owned_recovery_options: ['google-drive'] }`.
 * List it beside embeddedWalletServer(); without it the server doesn't offer Google Drive recovery.
 */
export function recoveryGoogleDriveServer(options: GoogleDriveRecoveryOptions = {}) {
  const google = resolveGoogleDrive(options)
  return defineServerPlugin({
    id: PLUGIN_ID,
    frame: {
      events: [],
      entry: fileURLToPath(new URL('./frame.ts', import.meta.url)),
      recovery: { methods: ['google-drive'], settings: () => ({ driveUrl: google.driveUrl }), connect: () => [new URL(google.driveUrl).origin] },
    },
    migrations: [recoveryOAuthMigration],
    routes(app: Hono, ctx: ServerContext) {
      app.use(googleDriveRecoveryPaths.init, walletFrameRoutes(ctx))
      app.use(googleDriveRecoveryPaths.authenticate, walletFrameRoutes(ctx))
      googleDriveRoutes(app, ctx, google)
    },
  })
}
