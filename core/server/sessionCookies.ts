import type { Context, MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { decodeJwt } from 'jose'
import { REFRESH_COOKIE_PATH, headers, sessionCookieNames } from '../protocol/index.js'
import { normalizeOrigin } from './apps.js'
import type { App } from './apps.js'
import { originAllowed } from './http/originAllowed.js'
import { errorResponse } from './http/errorHandler.js'
import type { SessionCookieSettings } from './sessionCookieSettings.js'
import { SESSION_LIFETIME_SECONDS } from './sessions.js'

/**
 * Threat model of the cookie mode. Tokens in HttpOnly cookies can't be read by scripts (an XSS on the
 * host can still act as the user while the page is open, but can't steal a 30-day refresh token), and
 * host back-ends on the same parent domain can read the session. The price is ambient authority: the
 * browser attaches the cookies to requests other sites make. So:
 * - cookies are SameSite=Lax (or Strict): a cross-site page can't make the browser send them on a
 *   fetch or form POST at all;
 * - a state-changing request that carries a session cookie must also name the app in the custom
 *   foyer-app-id header (a cross-origin page can only send it after a CORS preflight, which only the
 *   app's own origins pass) and come from one of the app's allowed origins (Origin, or Referer when a
 *   browser leaves Origin out); otherwise 403 `csrf_rejected` before the route runs, so nothing changes.
 *   This covers same-site-but-foreign origins (another subdomain of the parent domain), which SameSite
 *   doesn't;
 * - reads (GET) change nothing and CORS keeps their answers from foreign pages.
 * Server-to-server callers that forward the user's cookies on a POST must send the app's Origin.
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The request's Origin, or the origin of its Referer when a browser left Origin out; null if neither. */
function requestOrigin(c: Context): string | null {
  const origin = c.req.header('origin')
  if (origin && origin !== 'null') return normalizeOrigin(origin)
  const referer = c.req.header('referer')
  if (!referer) return null
  try {
    return normalizeOrigin(new URL(referer).origin)
  } catch {
    return null
  }
}

/** True when the request carries one of the session cookies a route could act on. */
export function hasSessionCookie(c: Context): boolean {
  return Boolean(getCookie(c, sessionCookieNames.token) || getCookie(c, sessionCookieNames.refreshToken))
}

/** The refresh token from its cookie, for apps in cookie mode. */
export function refreshTokenCookie(c: Context, app: App): string | undefined {
  if (!app.sessionCookies) return undefined
  const value = getCookie(c, sessionCookieNames.refreshToken)
  return value && value.length <= 512 ? value : undefined
}

/** The access token from its cookie, for apps in cookie mode. */
export function accessTokenCookie(c: Context, app: App): string | undefined {
  if (!app.sessionCookies) return undefined
  return getCookie(c, sessionCookieNames.token) || undefined
}

/** Longest cookie value set; name and attributes must fit in the 4096 bytes browsers keep per cookie. */
const MAX_COOKIE_VALUE_LENGTH = 3800

interface Tokens {
  token: string
  identityToken: string | null
  refreshToken: string
}

/** Sets the session cookies of a token response. */
export function setSessionCookies(c: Context, settings: SessionCookieSettings, tokens: Tokens, nowMs: number): void {
  const base = {
    httpOnly: true,
    secure: settings.secure,
    sameSite: settings.sameSite,
    ...(settings.domain ? { domain: settings.domain } : {}),
  } as const
  const untilExpiry = (jwt: string) => {
    const exp = decodeJwt(jwt).exp
    return Math.max(0, (exp ?? 0) - Math.floor(nowMs / 1000))
  }
  setCookie(c, sessionCookieNames.token, tokens.token, { ...base, path: '/', maxAge: untilExpiry(tokens.token) })
  // The identity token embeds the linked accounts; past the browsers' ~4 kB per cookie it would be
  // dropped silently, so a stale one is expired instead (the JSON body still carries it).
  if (tokens.identityToken && tokens.identityToken.length <= MAX_COOKIE_VALUE_LENGTH) {
    setCookie(c, sessionCookieNames.identityToken, tokens.identityToken, { ...base, path: '/', maxAge: untilExpiry(tokens.identityToken) })
  } else {
    setCookie(c, sessionCookieNames.identityToken, '', { ...base, path: '/', maxAge: 0 })
  }
  setCookie(c, sessionCookieNames.refreshToken, tokens.refreshToken, { ...base, path: REFRESH_COOKIE_PATH, maxAge: SESSION_LIFETIME_SECONDS })
  setCookie(c, sessionCookieNames.marker, 't', { ...base, httpOnly: false, path: '/', maxAge: SESSION_LIFETIME_SECONDS })
}

/** Expires every session cookie (same name, path and domain as when set). */
export function clearSessionCookies(c: Context, settings: SessionCookieSettings): void {
  const base = { secure: settings.secure, sameSite: settings.sameSite, maxAge: 0, ...(settings.domain ? { domain: settings.domain } : {}) } as const
  setCookie(c, sessionCookieNames.token, '', { ...base, httpOnly: true, path: '/' })
  setCookie(c, sessionCookieNames.identityToken, '', { ...base, httpOnly: true, path: '/' })
  setCookie(c, sessionCookieNames.refreshToken, '', { ...base, httpOnly: true, path: REFRESH_COOKIE_PATH })
  setCookie(c, sessionCookieNames.marker, '', { ...base, path: '/' })
}

/** A JSON body that hands out a refresh token: every login, refresh, fork and recover answer. */
function isTokenResponse(body: unknown): body is { token: string; refresh_token: string; identity_token?: string | null } {
  if (!body || typeof body !== 'object') return false
  const b = body as Record<string, unknown>
  return typeof b.token === 'string' && typeof b.refresh_token === 'string' && b.session_update_action !== 'clear'
}

/**
 * Cookie mode for apps with `session_cookies`: the CSRF check before the route, and after it the token
 * response's tokens move into cookies (the body keeps token and identity_token for the JS client, and
 * `refresh_token: null`), a 'clear' answer (logout) or a refused refresh expires them. Apps without the
 * setting pass through untouched.
 */
export function sessionCookieMiddleware(apps: Map<string, App>, now: () => number): MiddlewareHandler {
  return async (c, next) => {
    const app = apps.get(c.req.header(headers.appId) ?? '')
    const settings = app?.sessionCookies
    if (!app || !settings) return next()
    const usedCookie = hasSessionCookie(c)
    if (usedCookie && STATE_CHANGING.has(c.req.method)) {
      const origin = requestOrigin(c)
      if (!origin || !originAllowed(app, origin, c.req.header('host'))) {
        return errorResponse(c, 403, 'csrf_rejected', 'Request rejected: cookie-authenticated requests must come from an allowed origin')
      }
    }
    await next()
    const res = c.res
    if (!(res.headers.get('content-type') ?? '').includes('application/json')) return
    if (res.ok) {
      const body = (await res.clone().json().catch(() => null)) as unknown
      if (isTokenResponse(body)) {
        const headersOut = new Headers(res.headers)
        headersOut.delete('content-length')
        headersOut.set('cache-control', 'no-store')
        // Clear, then set: hono merges the old response's headers into a replacement otherwise.
        c.res = undefined
        c.res = new Response(JSON.stringify({ ...body, refresh_token: null }), { status: res.status, headers: headersOut })
        setSessionCookies(c, settings, { token: body.token, identityToken: body.identity_token ?? null, refreshToken: body.refresh_token }, now())
      } else if (body && typeof body === 'object' && (body as { session_update_action?: unknown }).session_update_action === 'clear') {
        clearSessionCookies(c, settings)
      }
    } else if (res.status === 401 && usedCookie && c.req.path.startsWith(REFRESH_COOKIE_PATH)) {
      // The cookie's session is gone: drop the cookies so the marker stops promising a session.
      const body = (await res.clone().json().catch(() => null)) as { code?: unknown } | null
      if (body?.code === 'invalid_refresh_token') clearSessionCookies(c, settings)
    }
  }
}
