/**
 * Cookie names of the HttpOnly-cookie session mode (an app's `session_cookies` setting). The server sets
 * them on every token response; a 'set' token response then carries `refresh_token: null`, meaning the
 * refresh token lives only in the HttpOnly cookie.
 */
export const sessionCookieNames = {
  /** The access token (HttpOnly), readable by host back-ends and server-side rendering. */
  token: 'foyer-token',
  /** The identity token (HttpOnly). */
  identityToken: 'foyer-id-token',
  /** The refresh token (HttpOnly, sent only to the session routes). */
  refreshToken: 'foyer-refresh-token',
  /** Not HttpOnly: tells scripts and servers that a session may exist (no secret in it). */
  marker: 'foyer-session',
} as const

/** Path of the refresh-token cookie: refresh, logout, fork and fork/recover live under it. */
export const REFRESH_COOKIE_PATH = '/api/v1/sessions'
