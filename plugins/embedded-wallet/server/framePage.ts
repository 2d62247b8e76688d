import { exportFramePath, framePath, recoveryFramePath } from '../frameProtocol.js'

/** Where the frame's script is served on the wallet origin (script-src 'self'). */
export const FRAME_SCRIPT_PATH = '/assets/foyer-frame.js'

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The frame page: no markup but its settings (a JSON block, which CSP lets through as data) and its script.
 * `allowedOrigins` are the app's origins: the only pages that may embed it (frame-ancestors) and talk to it.
 */
export function framePageHtml(settings: { appId: string; apiUrl: string; allowedOrigins: readonly string[]; mode?: FramePageMode; appName?: string; cloud?: unknown }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Foyer wallet</title></head>
<body><script type="application/json" id="foyer-frame-config">${escapeJson(settings)}</script>
<script type="module" src="${FRAME_SCRIPT_PATH}"></script></body></html>`
}

/** The frame page's headers (ARCHITECTURE §14): who may embed it, where it may connect, an origin-keyed agent cluster. */
export function framePageHeaders(allowedOrigins: readonly string[], apiOrigin: string, cloudOrigins: readonly string[] = []): Record<string, string> {
  const ancestors = allowedOrigins.length ? allowedOrigins.join(' ') : "'none'"
  // The recovery page also reaches the user's Google Drive and CloudKit (the cloud methods' key lives there).
  const connect = [apiOrigin, ...cloudOrigins.filter((o) => o !== apiOrigin)].join(' ')
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; frame-ancestors ${ancestors}; script-src 'self' 'wasm-unsafe-eval'; connect-src ${connect}; base-uri 'none'; form-action 'none'`,
    'origin-agent-cluster': '?1',
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  }
}

/** Which frame page: the hidden proxy, the export page or the recovery (password) page. */
export type FramePageMode = 'proxy' | 'export' | 'recovery'
const pathOf: Record<FramePageMode, (appId: string) => string> = { proxy: framePath, export: exportFramePath, recovery: recoveryFramePath }

/** The app id and page of a frame path (the hidden proxy, the export or the recovery page), or null for any other path. */
export function appIdOfFramePath(path: string): { appId: string; mode: FramePageMode } | null {
  const match = /^\/apps\/([^/]+)\/embedded-wallets(?:\/(export|recovery))?$/.exec(path)
  if (!match) return null
  const appId = decodeURIComponent(match[1]!)
  const mode = (match[2] ?? 'proxy') as FramePageMode
  return pathOf[mode](appId) === path ? { appId, mode } : null
}

/**
 * The recovery login's callback page (Google redirects the frame's popup here): the same script, which posts
 * PRIVY_OAUTH_RESPONSE / PRIVY_OAUTH_ERROR to its opener (the recovery page, same origin) and closes. No COOP: the
 * popup must keep its opener; nothing may embed it.
 */
export function oauthCallbackHtml(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Foyer wallet</title></head>
<body><script type="application/json" id="foyer-frame-config">${escapeJson({ mode: 'oauth-callback' })}</script>
<script type="module" src="${FRAME_SCRIPT_PATH}"></script></body></html>`
}

/** The callback page's headers: its script only, embedded nowhere, its opener kept. */
export function oauthCallbackHeaders(): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; script-src 'self'; base-uri 'none'; form-action 'none'",
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  }
}
