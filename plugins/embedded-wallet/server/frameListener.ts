import type { Context, Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import { appIdOfFramePath, FRAME_SCRIPT_PATH, framePageHeaders, framePageHtml, oauthCallbackHeaders, oauthCallbackHtml } from './framePage.js'
import { RECOVERY_OAUTH_CALLBACK_PATH } from '../recoveryOAuthApi.js'
import type { FrameCloudConfig } from './recoveryOAuthRoutes.js'
import { loadFrameScript } from './frameScript.js'

/**
 * The wallet origin's listener: the frame page per app and its script — nothing else (no API routes, no dev outbox:
 * any page on this origin could read the device shares). `apiOrigin()` is where the frame's custody calls go.
 */
export function frameListener(apiOrigin: () => string | undefined, cloud?: FrameCloudConfig) {
  return (app: Hono, ctx: ServerContext) => {
    let script: Promise<string | null> | null = null
    app.get(FRAME_SCRIPT_PATH, async (c) => {
      const body = await (script ??= loadFrameScript())
      if (body === null) return c.text('The wallet frame is not built', 500)
      return c.body(body, 200, { 'content-type': 'text/javascript; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' })
    })
    const page = (c: Context) => {
      const target = appIdOfFramePath(c.req.path)
      const found = target ? ctx.apps.get(target.appId) : undefined
      if (!found || !found.plugins['embedded-wallet']) return c.text('Invalid app ID', 404)
      const api = apiOrigin()
      if (!api) return c.text('The wallet frame needs the API origin: set FOYER_API_ORIGIN (or embeddedWalletServer({ apiOrigin }))', 500)
      const origins = [...found.allowedOrigins].filter((origin) => origin !== ctx.config.walletOrigin)
      const recovery = target!.mode === 'recovery'
      // Only the recovery page talks to Drive and CloudKit.
      const cloudOrigins = recovery && cloud ? [new URL(cloud.driveUrl).origin, new URL(cloud.icloud.baseUrl).origin] : []
      return c.body(
        framePageHtml({ appId: found.id, apiUrl: api, allowedOrigins: origins, mode: target!.mode, ...(recovery ? { appName: found.name, ...(cloud ? { cloud } : {}) } : {}) }),
        200,
        framePageHeaders(origins, api, cloudOrigins),
      )
    }
    app.get('/apps/:appId/embedded-wallets', page)
    app.get('/apps/:appId/embedded-wallets/export', page)
    app.get('/apps/:appId/embedded-wallets/recovery', page)
    app.get(RECOVERY_OAUTH_CALLBACK_PATH, (c) => c.body(oauthCallbackHtml(), 200, oauthCallbackHeaders()))
  }
}
