import { randomBytes } from 'node:crypto'
import { SignJWT, exportJWK, exportSPKI, generateKeyPair, importJWK, jwtVerify } from 'jose'
import type { JWK } from 'jose'
import type { Db } from './db/Db.js'
import { HttpError } from './HttpError.js'

/** Claims a verified access token carries. */
export interface VerifiedAccessToken {
  userId: string
  appId: string
  sessionId: string
  exp: number
}

/** ES256 signing of access and identity tokens with the server's key (kept in the database). */
export interface Tokens {
  readonly kid: string
  /** The public key as SPKI PEM (the app config's verification_key). */
  readonly verificationKey: string
  /** `{ keys }` for /jwks.json: every public key, so tokens signed before a rotation still verify. */
  jwks(): Promise<{ keys: JWK[] }>
  signAccessToken(input: { userId: string; appId: string; sessionId: string }): Promise<string>
  signIdentityToken(input: { userId: string; appId: string; linkedAccounts: unknown[] }): Promise<string>
  /** Checks signature, iss, aud and exp; throws 401 unauthorized. Does not look at the session. */
  verifyAccessToken(token: string, appId: string): Promise<VerifiedAccessToken>
}

/** Loads the signing key (creating it on first start) and returns the token helpers. */
export async function createTokens(
  db: Db,
  options: { issuer: string; accessTokenTtlSeconds: number; now: () => number },
): Promise<Tokens> {
  let [row] = await db.query<{ kid: string; private_jwk: JWK }>(
    'SELECT kid, private_jwk FROM signing_keys ORDER BY created_at, kid LIMIT 1',
  )
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    const kid = `k_${Date.now().toString(36)}_${randomBytes(6).toString('base64url')}`
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }
    await db.query('INSERT INTO signing_keys (kid, private_jwk, public_jwk, created_at) VALUES ($1, $2, $3, $4)', [
      kid,
      JSON.stringify(await exportJWK(privateKey)),
      JSON.stringify(publicJwk),
      new Date(options.now()),
    ])
    // Another instance may have created one at the same moment: everybody uses the oldest.
    ;[row] = await db.query<{ kid: string; private_jwk: JWK }>(
      'SELECT kid, private_jwk FROM signing_keys ORDER BY created_at, kid LIMIT 1',
    )
  }
  const kid = row!.kid
  const privateKey = await importJWK(row!.private_jwk, 'ES256')
  const { d: _d, ...publicJwk } = row!.private_jwk
  const publicKey = await importJWK({ ...publicJwk, alg: 'ES256' }, 'ES256')
  if (!('type' in publicKey)) throw new Error('Unexpected key type')
  const verificationKey = await exportSPKI(publicKey)
  const seconds = () => Math.floor(options.now() / 1000)

  const sign = (claims: Record<string, unknown>, subject: string, audience: string) => {
    const iat = seconds()
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setSubject(subject)
      .setAudience(audience)
      .setIssuer(options.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + options.accessTokenTtlSeconds)
      .sign(privateKey)
  }

  return {
    kid,
    verificationKey,
    async jwks() {
      const rows = await db.query<{ public_jwk: JWK }>('SELECT public_jwk FROM signing_keys ORDER BY created_at')
      return { keys: rows.map((r) => r.public_jwk) }
    },
    signAccessToken: ({ userId, appId, sessionId }) => sign({ sid: sessionId }, userId, appId),
    signIdentityToken: ({ userId, appId, linkedAccounts }) =>
      sign({ linked_accounts: JSON.stringify(linkedAccounts) }, userId, appId),
    async verifyAccessToken(token, appId) {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          issuer: options.issuer,
          audience: appId,
          algorithms: ['ES256'],
          currentDate: new Date(options.now()),
          requiredClaims: ['sub', 'sid', 'exp'],
        })
        if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') throw new Error('claims')
        return { userId: payload.sub, appId, sessionId: payload.sid, exp: payload.exp! }
      } catch {
        throw new HttpError(401, 'unauthorized', 'Invalid or expired access token')
      }
    },
  }
}
