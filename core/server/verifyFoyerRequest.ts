import { createRemoteJWKSet, importSPKI, jwtVerify } from 'jose'
import type { JWTVerifyGetKey, KeyObject } from 'jose'
import { sessionCookieNames } from '../protocol/index.js'

/** Claims of a verified Foyer access token. */
export interface FoyerClaims {
  userId: string
  appId: string
  sessionId: string
  issuer: string
  issuedAt: number
  expiration: number
}

/** Where the helper finds the token: a Fetch Request, Headers, or Node's `req.headers`. */
export type FoyerRequestLike = Request | Headers | Record<string, string | string[] | undefined>

/** Options of verifyFoyerRequest. */
export interface VerifyFoyerRequestOptions {
  /** The app id: the token's audience. */
  appId: string
  /** The server's issuer (createServer's `issuer` option, default 'foyer'). */
  issuer?: string
  /**
   * The key: the app config's `verification_key` (SPKI PEM), the JWKS URL
   * (`{apiUrl}/api/v1/apps/{appId}/jwks.json`, fetched and cached by jose), or a key getter/key.
   */
  verificationKey?: string
  jwksUrl?: string | URL
  key?: JWTVerifyGetKey | CryptoKey | KeyObject
  /** Clock skew tolerated on exp/iat, in seconds (default 0). */
  clockToleranceSeconds?: number
}

/** Raised when the request has no valid Foyer access token. */
export class FoyerAuthError extends Error {
  override name = 'FoyerAuthError'
}

const jwksCache = new Map<string, JWTVerifyGetKey>()
const pemCache = new Map<string, Promise<CryptoKey | KeyObject>>()

function header(source: FoyerRequestLike, name: string): string | undefined {
  if (source instanceof Request) return source.headers.get(name) ?? undefined
  if (source instanceof Headers) return source.get(name) ?? undefined
  const value = source[name] ?? source[name.toLowerCase()]
  return Array.isArray(value) ? value.join(name === 'cookie' ? '; ' : ', ') : value
}

/** The bearer token, else the `foyer-token` cookie (apps in cookie mode); null when neither is there. */
export function foyerTokenFromRequest(source: FoyerRequestLike): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(header(source, 'authorization') ?? '')
  if (bearer) return bearer[1]!
  for (const part of (header(source, 'cookie') ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === sessionCookieNames.token) {
      const value = part.slice(eq + 1).trim()
      if (!value) return null
      try {
        return decodeURIComponent(value)
      } catch {
        return null
      }
    }
  }
  return null
}

function keyFor(options: VerifyFoyerRequestOptions): JWTVerifyGetKey | CryptoKey | KeyObject | Promise<CryptoKey | KeyObject> {
  if (options.key) return options.key
  if (options.verificationKey) {
    let key = pemCache.get(options.verificationKey)
    if (!key) pemCache.set(options.verificationKey, (key = importSPKI(options.verificationKey, 'ES256')))
    return key
  }
  if (options.jwksUrl) {
    const url = String(options.jwksUrl)
    let jwks = jwksCache.get(url)
    if (!jwks) jwksCache.set(url, (jwks = createRemoteJWKSet(new URL(url))))
    return jwks
  }
  throw new TypeError('verifyFoyerRequest needs verificationKey, jwksUrl or key')
}

/**
 * For host back-ends and server-side rendering: verifies the Foyer access token of a request (bearer
 * header or the `foyer-token` cookie) offline against the server's key and answers its claims. Like any
 * JWT check it can't see a logout before the token expires (access tokens live at most an hour); call
 * GET /api/v1/users/me when that matters. Throws FoyerAuthError.
 */
export async function verifyFoyerRequest(source: FoyerRequestLike, options: VerifyFoyerRequestOptions): Promise<FoyerClaims> {
  const token = foyerTokenFromRequest(source)
  if (!token) throw new FoyerAuthError('No Foyer access token in the request')
  return verifyFoyerToken(token, options)
}

/** Verifies one Foyer access token (signature, issuer, audience = app id, expiry) and answers its claims. */
export async function verifyFoyerToken(token: string, options: VerifyFoyerRequestOptions): Promise<FoyerClaims> {
  const key = await keyFor(options)
  try {
    const verify = {
      issuer: options.issuer ?? 'foyer',
      audience: options.appId,
      algorithms: ['ES256'],
      // sid tells an access token from an identity token (same key, same audience).
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      ...(options.clockToleranceSeconds ? { clockTolerance: options.clockToleranceSeconds } : {}),
    }
    const { payload } = typeof key === 'function' ? await jwtVerify(token, key, verify) : await jwtVerify(token, key, verify)
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('claims')
    return {
      userId: payload.sub,
      appId: options.appId,
      sessionId: payload.sid,
      issuer: payload.iss!,
      issuedAt: payload.iat!,
      expiration: payload.exp!,
    }
  } catch {
    // jose's message may quote claim values; keep the error generic.
    throw new FoyerAuthError('Invalid or expired Foyer access token')
  }
}
