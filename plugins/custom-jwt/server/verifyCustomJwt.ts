import { createRemoteJWKSet, errors, importSPKI, jwtVerify, type JWTVerifyGetKey } from 'jose'
import type { CustomJwtAppConfig } from '../schema.js'

/** Why a custom JWT was refused: a stable reason (never the token or its claims' values). */
export class CustomJwtError extends Error {
  override name = 'CustomJwtError'
  constructor(
    readonly reason: 'invalid_token' | 'expired' | 'not_yet_valid' | 'wrong_issuer' | 'wrong_audience' | 'missing_sub' | 'bad_signature' | 'alg_not_allowed' | 'keys_unavailable',
  ) {
    super(`Custom auth token refused: ${reason}`)
  }
}

/** The verified identity: (iss, sub). */
export interface CustomJwtIdentity {
  issuer: string
  subject: string
}

/** Resolves the verification key for one app config; remote key sets are fetched once and cached by jose. */
export type KeyResolver = (config: CustomJwtAppConfig) => JWTVerifyGetKey

/** A key resolver with its own caches (one per server plugin instance). */
export function createKeyResolver(): KeyResolver {
  const remote = new Map<string, JWTVerifyGetKey>()
  const local = new Map<string, Promise<CryptoKey>>()
  return (config) => {
    if (config.jwks_url) {
      let set = remote.get(config.jwks_url)
      if (!set) remote.set(config.jwks_url, (set = createRemoteJWKSet(new URL(config.jwks_url), { timeoutDuration: 5000, cooldownDuration: 30_000 })))
      return set
    }
    const pem = config.public_key!
    return (header) => {
      // The alg was already checked against the pinned list; import the key for exactly that alg.
      const key = `${header.alg}\n${pem}`
      let imported = local.get(key)
      if (!imported) local.set(key, (imported = importSPKI(pem, header.alg)))
      return imported
    }
  }
}

/** Verifies a host-issued JWT: pinned algorithms, signature, iss, aud, exp (required) and nbf; returns (iss, sub). */
export async function verifyCustomJwt(
  token: string,
  config: CustomJwtAppConfig,
  options: { resolveKey: KeyResolver; now: number },
): Promise<CustomJwtIdentity> {
  let payload
  try {
    ;({ payload } = await jwtVerify(token, options.resolveKey(config), {
      algorithms: [...config.algorithms],
      issuer: config.issuer,
      audience: config.audience,
      requiredClaims: ['exp', 'sub'],
      currentDate: new Date(options.now),
      clockTolerance: config.clock_tolerance_seconds ?? 30,
    }))
  } catch (error) {
    throw new CustomJwtError(reasonOf(error))
  }
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) throw new CustomJwtError('missing_sub')
  return { issuer: payload.iss!, subject: payload.sub }
}

function reasonOf(error: unknown): CustomJwtError['reason'] {
  if (error instanceof errors.JWTExpired) return 'expired'
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'wrong_issuer'
    if (error.claim === 'aud') return 'wrong_audience'
    if (error.claim === 'nbf') return 'not_yet_valid'
    if (error.claim === 'sub') return 'missing_sub'
    return 'invalid_token'
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'alg_not_allowed'
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return 'bad_signature'
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || error instanceof TypeError) return 'keys_unavailable'
  return 'invalid_token'
}
