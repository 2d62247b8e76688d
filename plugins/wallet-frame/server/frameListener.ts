import type { Context, Hono } from 'hono'
import type { App, ServerContext } from '../../../core/server/index.js'
import { appIdOfFramePath, FRAME_SCRIPT_PATH, framePageHeaders, framePageHtml, oauthCallbackHeaders, oauthCallbackHtml } from './framePage.js'
import { RECOVERY_OAUTH_CALLBACK_PATH } from '../channel/frameProtocol.js'
import { loadFrameAssets, type FrameAssets, type FrameHalfSource } from './frameScript.js'
import { IMMUTABLE, serveRevalidated, serveStaticAsset } from '../../../core/server/staticAsset.js'

const NOT_BUILT = 'The wallet frame is not built'

/**
 * The recovery page's share of the recovery methods' halves (ctx.frameHalves with `recovery`): each method's module
 * path and settings, and the origins those halves reach (connect-src).
 */
function recoveryPageSettings(ctx: ServerContext, built: FrameAssets) {
  const settings: Record<string, unknown> = {}
  const connect = new Set<string>()
  for (const half of ctx.frameHalves) {
    if (!half.recovery) continue
    const value = half.recovery.settings?.()
    for (const method of half.recovery.methods) if (value !== undefined && built.recoveryHalves[method]) settings[method] = value
    for (const origin of half.recovery.connect?.() ?? []) connect.add(origin)
  }
  return { recovery: { methods: built.recoveryHalves, settings }, connect: [...connect] }
}

/**
 * The wallet origin's listener: the frame page per app and its script — nothing else (no API routes, no dev outbox:
 * any page on this origin could read the device shares). `apiOrigin()` is where the frame's custody calls go.
 * The script lives under a content-hashed path, cached for good (a CDN may keep /assets/* forever), in brotli or
 * gzip as the browser asks; the pages are revalidated on each load (ETag, 304). The hidden frame's settings list the
 * plugins' frame halves (ctx.frameHalves) by event, with their modules' paths. `loadAssets` (tests) makes the assets.
 * `servesApp`: the apps that have a frame page (the embedded wallet's server half passes: those with wallets on); any
 * other app ID is a 404.
 */
export function frameListener(
  apiOrigin: () => string | undefined,
  loadAssets: (halves: readonly FrameHalfSource[]) => Promise<FrameAssets | null> = loadFrameAssets,
  servesApp: (app: App) => boolean = () => true,
) {
  return (app: Hono, ctx: ServerContext) => {
    // Made when the listener is served (a source checkout bundles the scripts then, which takes seconds on a busy
    // machine: a frame's first load waiting for it could miss a login's binding wait), or at the first request when
    // nothing served it; a failure is tried again at the next request.
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
      if (!found || !servesApp(found)) return c.text('Invalid app ID', 404)
      const api = apiOrigin()
      if (!api) return c.text('The wallet frame needs the API origin: set FOYER_API_ORIGIN (or embeddedWalletServer({ apiOrigin }))', 500)
      const origins = [...found.allowedOrigins].filter((origin) => origin !== ctx.config.walletOrigin)
      const built = await assets()
      if (!built) return c.text(NOT_BUILT, 500)
      // Only the recovery page lists the recovery methods' halves, and talks to their clouds (Drive, CloudKit).
      const methods = target!.mode === 'recovery' ? recoveryPageSettings(ctx, built) : null
      const settings = {
        appId: found.id,
        apiUrl: api,
        allowedOrigins: origins,
        mode: target!.mode,
        ...(methods ? { appName: found.name, recovery: methods.recovery } : {}),
        ...(target!.mode === 'proxy' && Object.keys(built.halves).length ? { halves: built.halves } : {}),
        ...(target!.mode === 'proxy' && Object.keys(built.modules).length ? { modules: built.modules } : {}),
      }
      const script = target!.mode === 'proxy' ? built.script : built.pages[target!.mode]
      return serveRevalidated(c, framePageHtml(settings, script.path, built.style.path), 200, framePageHeaders(origins, api, methods?.connect ?? []))
    }
    app.get('/apps/:appId/embedded-wallets', page)
    app.get('/apps/:appId/embedded-wallets/export', page)
    app.get('/apps/:appId/embedded-wallets/recovery', page)
    app.get(RECOVERY_OAUTH_CALLBACK_PATH, async (c) => {
      const built = await assets()
      if (!built) return c.text(NOT_BUILT, 500)
      return c.body(oauthCallbackHtml(built.pages.recovery.path), 200, oauthCallbackHeaders())
    })
    return () => void assets().catch(() => undefined)
  }
}
