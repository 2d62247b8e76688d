import { createRemoteJWKSet, customFetch, type JWTVerifyGetKey } from 'jose'
import { paths } from '../../../core/protocol/paths.js'
import { FoyerAuthError, verifyFoyerToken, type FoyerClaims } from '../../../core/server/verifyFoyerRequest.js'
import { FoyerNetworkError } from './FoyerApiError.js'
import type { FetchLike } from './managementRequest.js'

export { FoyerAuthError, type FoyerClaims }

/** Claims of a verified access token, named as Privy's `verifyAuthToken` names them. */
export type AuthTokenClaims = FoyerClaims

/** Options of the access-token check. */
export interface AuthTokenVerifierOptions {
  appId: string
  apiUrl: string
  fetch: FetchLike
  /** The server's issuer (its `issuer` option); default 'foyer', as the server's. */
  issuer?: string
  /** Clock skew tolerated on exp, in seconds (default 0). */
  clockToleranceSeconds?: number
  /** How long the key set is kept without a refetch (jose's cacheMaxAge; default 10 minutes). */
  jwksCacheMaxAgeMs?: number
  /** Least time between two fetches for a kid the cached set lacks (jose's cooldownDuration; default 30 s). */
  jwksCooldownMs?: number
  timeoutMs: number
}

/** jose's failures that say the token is bad, not that the key set could not be had. */
const TOKEN_FAILURES = new Set(['ERR_JWKS_NO_MATCHING_KEY', 'ERR_JWKS_MULTIPLE_MATCHING_KEYS', 'ERR_JOSE_ALG_NOT_ALLOWED', 'ERR_JOSE_NOT_SUPPORTED', 'ERR_JWS_INVALID', 'ERR_JWT_INVALID'])

/**
 * `verifyAuthToken(token)`: the server's access-token check, offline, against the app's JWKS
 * (`{apiUrl}/api/v1/apps/{appId}/jwks.json`), fetched and cached by jose: a key the cached set lacks (a rotation) is
 * fetched once the cooldown has passed, and the server publishes the next key before it signs with it. ES256 only,
 * issuer, audience = the app id, expiry, and `sid` (an identity token is not an access token): what the server checks.
 * Not checked, as with any JWT: whether the session was revoked since (GET /api/v1/users/me, or `revokeSessions`, say so).
 * Throws FoyerAuthError for a token the server would refuse, FoyerNetworkError when the key set could not be fetched.
 */
export function createAuthTokenVerifier(options: AuthTokenVerifierOptions): (token: string) => Promise<AuthTokenClaims> {
  const jwks = createRemoteJWKSet(new URL(options.apiUrl + paths.jwks(options.appId)), {
    timeoutDuration: options.timeoutMs,
    ...(options.jwksCacheMaxAgeMs === undefined ? {} : { cacheMaxAge: options.jwksCacheMaxAgeMs }),
    ...(options.jwksCooldownMs === undefined ? {} : { cooldownDuration: options.jwksCooldownMs }),
    [customFetch]: (url, init) => options.fetch(url, init as RequestInit),
  })
  return async (token) => {
    if (typeof token !== 'string' || !token) throw new FoyerAuthError('No Foyer access token')
    let unreachable: unknown = null
    const key: JWTVerifyGetKey = async (header, input) => {
      try {
        return await jwks(header, input)
      } catch (error) {
        if (!TOKEN_FAILURES.has((error as { code?: string })?.code ?? '')) unreachable = error
        throw error
      }
    }
    try {
      return await verifyFoyerToken(token, {
        appId: options.appId,
        key,
        ...(options.issuer === undefined ? {} : { issuer: options.issuer }),
        ...(options.clockToleranceSeconds ? { clockToleranceSeconds: options.clockToleranceSeconds } : {}),
      })
    } catch (error) {
      if (unreachable) throw new FoyerNetworkError('The Foyer server’s key set (JWKS) could not be fetched', unreachable)
      throw error
    }
  }
}
