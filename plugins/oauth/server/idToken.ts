import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose'

/** What an ID token must match. */
export interface IdTokenExpectations {
  /** The provider's issuer (one or several accepted spellings). */
  issuer: string | string[]
  /** Our client id. */
  audience: string
  /** The nonce this flow sent. */
  nonce: string
  /** Server clock, epoch ms. */
  now: number
}

/** Why an ID token was refused (never contains the token). */
export class IdTokenError extends Error {
  override name = 'IdTokenError'
}

const jwksCache = new Map<string, JWTVerifyGetKey>()

/** The provider's key set, fetched and cached by jose (refetched for an unknown key id). */
export function remoteJwks(uri: string): JWTVerifyGetKey {
  let set = jwksCache.get(uri)
  if (!set) {
    set = createRemoteJWKSet(new URL(uri), { timeoutDuration: 10_000 })
    jwksCache.set(uri, set)
  }
  return set
}

/**
 * Validates an OIDC ID token: signature with the provider's keys, iss, aud (our client id), exp
 * (jose, 60 s tolerance for clock skew) and the flow's nonce. Answers the claims.
 */
export async function verifyIdToken(idToken: string, keys: JWTVerifyGetKey, expected: IdTokenExpectations): Promise<JWTPayload> {
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(idToken, keys, {
      issuer: expected.issuer,
      audience: expected.audience,
      currentDate: new Date(expected.now),
      clockTolerance: 60,
      requiredClaims: ['sub', 'exp', 'iat'],
    }))
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new IdTokenError('ID token has expired')
    if (error instanceof errors.JWTClaimValidationFailed) throw new IdTokenError(`ID token claim "${error.claim}" is invalid`)
    if (error instanceof errors.JOSEError) throw new IdTokenError(`ID token rejected (${error.code})`)
    throw new IdTokenError('ID token could not be verified')
  }
  if (payload.nonce !== expected.nonce) throw new IdTokenError('ID token nonce does not match the flow')
  if (typeof payload.sub !== 'string' || !payload.sub) throw new IdTokenError('ID token has no subject')
  return payload
}
