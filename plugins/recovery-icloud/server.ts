import { fileURLToPath } from 'node:url'
import type { Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { ServerContext } from '../../core/server/index.js'
import { walletFrameRoutes } from '../embedded-wallet/server.js'
import { icloudRecoveryPaths } from './api.js'
import { resolveICloud, type ICloudRecoveryOptions } from './server/icloudOptions.js'
import { icloudRoutes } from './server/icloudRoutes.js'

export type { ICloudRecoveryOptions, ResolvedICloud } from './server/icloudOptions.js'
export { resolveICloud } from './server/icloudOptions.js'

const PLUGIN_ID = 'recovery-icloud'

/**
 * iCloud recovery, server half: the wallet frame's CloudKit sign-in URL (POST /api/v1/recovery/oauth/init_icloud, from
 * the frame's origin only) and the recovery page's half for `recoveryMethod: 'icloud'` (the key as a record in the
 * private database of the app's CloudKit container; the page is told the container and may connect to CloudKit). An
 * app offers it with `"embedded-wallet": { user_owned_recovery_options: ['icloud'] }`. List it beside
 * embeddedWalletServer(); without it the server doesn't offer iCloud recovery.
 */
export function recoveryIcloudServer(options: ICloudRecoveryOptions = {}) {
  const icloud = resolveICloud(options)
  return defineServerPlugin({
    id: PLUGIN_ID,
    frame: {
      events: [],
      entry: fileURLToPath(new URL('./frame.ts', import.meta.url)),
      recovery: { methods: ['icloud'], settings: () => ({ ...icloud }), connect: () => [new URL(icloud.baseUrl).origin] },
    },
    routes(app: Hono, ctx: ServerContext) {
      app.use(icloudRecoveryPaths.initIcloud, walletFrameRoutes(ctx))
      icloudRoutes(app, ctx, icloud)
    },
  })
}
