import type { App } from '../apps.js'

/**
 * Whether `origin` (normalized) may call `app`'s routes: one of its allowed origins, or, for an app with
 * `allow_api_origin`, an origin whose host[:port] is the request's Host header (a page the API server serves itself; a
 * cross-site page can't make a browser send such a pair).
 */
export function originAllowed(app: App, origin: string, host: string | undefined): boolean {
  if (app.allowedOrigins.has(origin)) return true
  if (!app.allowApiOrigin || !host) return false
  const url = URL.canParse(origin) ? new URL(origin) : null
  return Boolean(url && /^https?:$/.test(url.protocol) && url.host === host.trim().toLowerCase())
}
