import type { Context, Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import { appIdOfFramePath, FRAME_SCRIPT_PATH, framePageHeaders, framePageHtml, oauthCallbackHeaders, oauthCallbackHtml } from './framePage.js'
import { RECOVERY_OAUTH_CALLBACK_PATH } from '../custody/recoveryOAuthApi.js'
import type { FrameCloudConfig } from './recoveryOAuthRoutes.js'
import { loadFrameAssets, type FrameAssets, type FrameHalfSource } from './frameScript.js'
import { IMMUTABLE, serveRevalidated, serveStaticAsset } from './staticAsset.js'

const NOT_BUILT = 'The wallet frame is not built'

/**
 * The wallet origin's listener: the frame page per app and its script — nothing else (no API routes, no dev outbox:
 * any page on this origin could read the device shares). `apiOrigin()` is where the frame's custody calls go.
 * The script lives under a content-hashed path, cached for good (a CDN may keep /assets/* forever), in brotli or
 * gzip as the browser asks; the pages are revalidated on each load (ETag, 304). The hidden frame's settings list the
 * plugins' frame halves (ctx.frameHalves) by event, with their modules' paths. `loadAssets` (tests) makes the assets.
 */
export function frameListener(
  apiOrigin: () => string | undefined,
  cloud?: FrameCloudConfig,
  loadAssets: (halves: readonly FrameHalfSource[]) => Promise<FrameAssets | null> = loadFrameAssets,
) {
  return (app: Hono, ctx: ServerContext) => {
    // Made at the first request (a source checkout bundles the script then); a failure is tried again next time.
    let loading: Promise<FrameAssets | null> | null = null
    const assets = () =>
      (loading ??= loadAssets(ctx.frameHalves).catch((error: unknown) => {
        loading = null
        throw error
      }))
    app.get('/assets/*', async (c) => {
      const found = await assets()
      if (!found) return c.text(NOT_BUILT, 500)
      if (c.req.path === FRAME_SCRIPT_PATH) return serveStaticAsset(c, found.script, 'no-cache')
      const asset = found.byPath.get(c.req.path)
      if (!asset) {
        // The listener's 404; another version's hash (a rolling deploy) may exist soon, so no cache may keep it.
        const missing = await c.notFound()
        missing.headers.set('cache-control', 'no-store')
        return missing
      }
      return serveStaticAsset(c, asset, IMMUTABLE)
    })
    const page = async (c: Context) => {
      const target = appIdOfFramePath(c.req.path)
      const found = target ? ctx.apps.get(target.appId) : undefined
      if (!found || !found.plugins['embedded-wallet']) return c.text('Invalid app ID', 404)
      const api = apiOrigin()
      if (!api) return c.text('The wallet frame needs the API origin: set FOYER_API_ORIGIN (or embeddedWalletServer({ apiOrigin }))', 500)
      const origins = [...found.allowedOrigins].filter((origin) => origin !== ctx.config.walletOrigin)
      const recovery = target!.mode === 'recovery'
      // Only the recovery page talks to Drive and CloudKit.
      const cloudOrigins = recovery && cloud ? [new URL(cloud.driveUrl).origin, new URL(cloud.icloud.baseUrl).origin] : []
      const built = await assets()
      if (!built) return c.text(NOT_BUILT, 500)
      const settings = {
        appId: found.id,
        apiUrl: api,
        allowedOrigins: origins,
        mode: target!.mode,
        ...(recovery ? { appName: found.name, ...(cloud ? { cloud } : {}) } : {}),
        ...(target!.mode === 'proxy' && Object.keys(built.halves).length ? { halves: built.halves } : {}),
      }
      const script = target!.mode === 'proxy' ? built.script : built.pages[target!.mode]
      return serveRevalidated(c, framePageHtml(settings, script.path, built.style.path), 200, framePageHeaders(origins, api, cloudOrigins))
    }
    app.get('/apps/:appId/embedded-wallets', page)
    app.get('/apps/:appId/embedded-wallets/export', page)
    app.get('/apps/:appId/embedded-wallets/recovery', page)
    app.get(RECOVERY_OAUTH_CALLBACK_PATH, async (c) => {
      const built = await assets()
      if (!built) return c.text(NOT_BUILT, 500)
      return c.body(oauthCallbackHtml(built.pages.recovery.path), 200, oauthCallbackHeaders())
    })
  }
}
