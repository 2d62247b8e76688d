import type { MiddlewareHandler } from 'hono'
import { APP_ID_LENGTH, deviceKeyHeaders, headers } from '../../protocol/index.js'
import { normalizeOrigin } from '../apps.js'
import type { App } from '../apps.js'
import { errorResponse } from './errorHandler.js'
import { originAllowed } from './originAllowed.js'

/** A path segment's app id; null when its percent-encoding isn't valid UTF-8 (decodeURIComponent throws). */
const decodePathId = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/** Headers a browser client may send to every route; plugins add their own (ServerPlugin.requestHeaders). */
export const allowedRequestHeaders = ['content-type', 'authorization', headers.appId, headers.clientId, headers.caId, headers.client, deviceKeyHeaders.binding, deviceKeyHeaders.proof]

/**
 * CORS plus the app check for /api/v1. The app comes from the foyer-app-id header, or from the
 * path for the public app-config and JWKS calls. An Origin the app doesn't allow is refused before
 * the route runs, so nothing changes; requests without Origin (server to server) pass.
 */
export function appGuard(
  apps: Map<string, App>,
  openPaths: ReadonlySet<string> = new Set(),
  pluginHeaders: readonly string[] = [],
  /** A line on how to allow an origin for this app (dev mode says which setting); added to the refusal. */
  originHint: (appId: string) => string | null = () => null,
): MiddlewareHandler {
  const requestHeaders = [...new Set([...allowedRequestHeaders, ...pluginHeaders.map((h) => h.toLowerCase())])].join(', ')
  const anyOrigin = () => new Set([...apps.values()].flatMap((app) => [...app.allowedOrigins]))
  return async (c, next) => {
    // A provider's redirect carries neither the app header nor an allowed Origin; no CORS headers either.
    if (openPaths.has(c.req.path)) return next()
    const origin = c.req.header('origin')
    const normalized = origin ? normalizeOrigin(origin) : null
    const allowCors = () => {
      c.header('Access-Control-Allow-Origin', origin!)
      c.header('Access-Control-Allow-Credentials', 'true')
      // A page may read the request id (for a support ticket) and when to retry after a 503.
      c.header('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After')
      c.header('Vary', 'Origin')
    }

    const publicMatch = /^\/api\/v1\/apps\/([^/]+)(\/jwks\.json)?$/.exec(c.req.path)
    if (c.req.method === 'OPTIONS') {
      // A preflight carries no header values, so any app's origin may ask; for the app config any origin may,
      // so a page its app doesn't allow gets to read why (below) instead of an opaque CORS failure.
      if (!normalized || (!publicMatch && !anyOrigin().has(normalized))) return c.body(null, 403)
      allowCors()
      c.header('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS')
      c.header('Access-Control-Allow-Headers', requestHeaders)
      c.header('Access-Control-Max-Age', '600')
      return c.body(null, 204)
    }

    if (publicMatch?.[2]) {
      // Keys are public; host back-ends and any page may fetch them.
      c.header('Access-Control-Allow-Origin', '*')
      return next()
    }
    const appId = publicMatch ? decodePathId(publicMatch[1]!) : c.req.header(headers.appId)
    if (!appId || appId.length !== APP_ID_LENGTH) return errorResponse(c, 400, 'invalid_app_id', 'Invalid app ID')
    const app = apps.get(appId)
    if (!app) {
      return publicMatch
        ? errorResponse(c, 404, 'not_found', 'App not found')
        : errorResponse(c, 400, 'invalid_app_id', 'Invalid app ID')
    }
    if (normalized) {
      if (!originAllowed(app, normalized, c.req.header('host'))) {
        if (!publicMatch) return errorResponse(c, 403, 'invalid_origin', 'Origin not allowed for this app')
        // The app config is the page's first call: let the page read why it is refused (it changes nothing and
        // carries no data), so the developer sees the origin and the setting instead of an opaque CORS failure.
        allowCors()
        const hint = originHint(app.id)
        return errorResponse(c, 403, 'invalid_origin', `Origin ${normalized} is not allowed for app ${app.id}.${hint ? ` ${hint}` : ''}`)
      }
      allowCors()
    }
    return next()
  }
}
