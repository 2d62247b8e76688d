/** Claims the client reads from a token (the client never verifies signatures; the server does). */
export interface TokenClaims {
  sub?: string
  aud?: string | string[]
  exp?: number
  iss?: string
  sid?: string
}

/** Decodes a JWT's payload, or null when it isn't a JWT. */
export function decodeJwt(token: string): TokenClaims | null {
  const part = token.split('.')[1]
  if (!part) return null
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=')
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))
    const claims = JSON.parse(json) as unknown
    return claims && typeof claims === 'object' ? (claims as TokenClaims) : null
  } catch {
    return null
  }
}

/** Seconds before expiry at which a token no longer counts as active. */
export const EXPIRY_MARGIN_SECONDS = 30

/** Active = unexpired with the 30 s margin. */
export function isTokenActive(token: string | null, nowMs = Date.now()): boolean {
  if (!token) return false
  const exp = decodeJwt(token)?.exp
  return typeof exp === 'number' && exp * 1000 - EXPIRY_MARGIN_SECONDS * 1000 > nowMs
}

/** Whether the token's audience is the app id. */
export function hasAudience(token: string, appId: string): boolean {
  const aud = decodeJwt(token)?.aud
  return Array.isArray(aud) ? aud.includes(appId) : aud === appId
}
