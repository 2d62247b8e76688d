import type { Context, Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import { IMMUTABLE, serveRevalidated, serveStaticAsset } from '../../../core/server/staticAsset.js'
import { ADMIN_CONSOLE_PATH } from '../adminApi.js'
import { CONSOLE_ASSETS_PATH, loadConsoleAssets, type ConsoleAssets } from './consoleAssets.js'

const NOT_BUILT = 'The admin console is not built: run `npm run build` (the package ships it in plugins/admin-console/console-assets/).'

/**
 * The console's page: a root element, its stylesheets (the modal's under the id the modal looks for, so it injects no
 * <style>) and its module script with the chunks it imports preloaded. No inline script or style: the app reads
 * nothing from the page (its API is this origin).
 */
export function consolePageHtml(assets: Pick<ConsoleAssets, 'script' | 'preload' | 'style' | 'modalStyle'>): string {
  const links = [
    // No favicon request (the console has none; /favicon.ico is not the console's).
    '<link rel="icon" href="data:,">',
    `<link rel="stylesheet" id="foyer-styles" href="${assets.modalStyle.path}">`,
    ...(assets.style ? [`<link rel="stylesheet" href="${assets.style.path}">`] : []),
    ...assets.preload.map((chunk) => `<link rel="modulepreload" href="${chunk.path}">`),
  ]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>Foyer admin console</title>${links.join('')}</head>
<body><div id="root"></div><noscript>The Foyer admin console needs JavaScript.</noscript>
<script type="module" src="${assets.script.path}"></script></body></html>`
}

/**
 * The console page's headers: its own origin's scripts, styles and API only (no inline code, no wallet frame), embedded
 * nowhere, no referrer. Images: its own and data: URLs (the empty favicon; the TOTP enrolment's QR code).
 * The page holds no data (the app fetches it), so caches may keep it, asking each time (no-cache + its ETag).
 */
export function consolePageHeaders(): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy':
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  }
}

/**
 * Serves the console on the API listener: GET /admin and any path under it (the page: the console routes in the
 * browser), and /admin/assets/<content-hashed file> (cached for good). The assets are made at the first request (a
 * source checkout bundles the console then, and keeps it in memory); a failure is tried again next time.
 * `load` (tests): where the assets come from.
 */
export function consoleRoutes(app: Hono, ctx: Pick<ServerContext, 'logger'>, load: () => Promise<ConsoleAssets | null> = loadConsoleAssets): void {
  let loading: Promise<ConsoleAssets | null> | null = null
  const assets = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null
      ctx.logger.error('[foyer] the admin console could not be loaded', { err: error instanceof Error ? error.message : String(error) })
      throw error
    }))
  app.get(`${CONSOLE_ASSETS_PATH}/*`, async (c) => {
    const found = await assets()
    if (!found) return c.text(NOT_BUILT, 500)
    const asset = found.byPath.get(c.req.path)
    if (!asset) {
      // Another version's hash (a rolling deploy) may exist soon, so no cache may keep the 404.
      return c.text('Not found', 404, { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
    }
    return serveStaticAsset(c, asset, IMMUTABLE)
  })
  const page = async (c: Context) => {
    const found = await assets()
    if (!found) return c.text(NOT_BUILT, 500)
    return serveRevalidated(c, consolePageHtml(found), 200, consolePageHeaders())
  }
  app.get(ADMIN_CONSOLE_PATH, page)
  app.get(`${ADMIN_CONSOLE_PATH}/*`, page)
}
