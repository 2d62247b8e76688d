import { exportFramePath, framePath, recoveryFramePath } from '../channel/frameProtocol.js'

/**
 * The frame script's old, unhashed path on the wallet origin. The pages load it from its content-hashed path
 * (`/assets/frame-<hash>.js`, cached for good); this one still answers, revalidated on every use, for a page an
 * instance of an earlier version served during a rolling deploy.
 */
export const FRAME_SCRIPT_PATH = '/assets/foyer-frame.js'

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The frame page: no markup but its settings (a JSON block, which CSP lets through as data) and its script, at
 * `scriptPath` (its content-hashed path, same origin). `allowedOrigins` are the app's origins: the only pages that
 * may embed it (frame-ancestors) and talk to it. A visible page (export, recovery) also links its stylesheet at
 * `stylePath` (content-hashed, same origin: CSP `style-src 'self'`).
 */
export function framePageHtml(
  settings: { appId: string; apiUrl: string; allowedOrigins: readonly string[]; mode?: FramePageMode; appName?: string; recovery?: unknown; halves?: Record<string, string>; modules?: Record<string, string> },
  scriptPath: string,
  stylePath?: string,
): string {
  const style = stylePath && settings.mode && settings.mode !== 'proxy' ? `<link rel="stylesheet" href="${stylePath}">` : ''
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Foyer wallet</title>${style}</head>
<body><script type="application/json" id="foyer-frame-config">${escapeJson(settings)}</script>
<script type="module" src="${scriptPath}"></script></body></html>`
}

/**
 * The frame page's headers (ARCHITECTURE §14): who may embed it, where it may connect, an origin-keyed agent cluster;
 * styles from its own origin's files only (no inline style: the host's look is set through the CSSOM).
 * The page holds no user's data (an app's settings), so caches may keep it, asking each time (no-cache + its ETag).
 */
export function framePageHeaders(allowedOrigins: readonly string[], apiOrigin: string, otherOrigins: readonly string[] = []): Record<string, string> {
  const ancestors = allowedOrigins.length ? allowedOrigins.join(' ') : "'none'"
  // The recovery page also reaches what its recovery methods declare (the user's Google Drive, CloudKit: their key lives there).
  const connect = [apiOrigin, ...otherOrigins.filter((o) => o !== apiOrigin)].join(' ')
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; frame-ancestors ${ancestors}; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src ${connect}; base-uri 'none'; form-action 'none'`,
    'origin-agent-cluster': '?1',
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
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
export function oauthCallbackHtml(scriptPath: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Foyer wallet</title></head>
<body><script type="application/json" id="foyer-frame-config">${escapeJson({ mode: 'oauth-callback' })}</script>
<script type="module" src="${scriptPath}"></script></body></html>`
}

/**
 * The callback page's headers: its script only, embedded nowhere, its opener kept. Not stored: its URL carries
 * Google's one-time code, and it opens once per login.
 */
export function oauthCallbackHeaders(): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; script-src 'self'; base-uri 'none'; form-action 'none'",
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  }
}
