import { createServer, type Server } from 'node:http'
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type JWK } from 'jose'

/** Options of the JWKS stand-in: the host auth provider's identity. */
export interface JwksStandinOptions {
  issuer?: string
  audience?: string
  alg?: 'ES256' | 'RS256'
}

/** A host auth provider stand-in: serves its public keys as a JWKS and signs JWTs for test users. */
export interface JwksStandin {
  /** e.g. http://127.0.0.1:PORT/.well-known/jwks.json */
  jwksUrl: string
  issuer: string
  audience: string
  alg: 'ES256' | 'RS256'
  /** The same public key in PEM (SPKI), for the public_key configuration. */
  publicKeyPem: string
  /** Signs a JWT (defaults: iss, aud, sub 'user-1', iat now, exp in 10 minutes); `header` overrides the protected header. */
  sign(claims?: Record<string, unknown>, options?: { expiresIn?: string | number; header?: Record<string, unknown>; noExp?: boolean }): Promise<string>
  /** How many times the key set was fetched. */
  fetches(): number
  close(): Promise<void>
}

/** Starts the stand-in on a free loopback port. */
export async function startJwksStandin(options: JwksStandinOptions = {}): Promise<JwksStandin> {
  const alg = options.alg ?? 'ES256'
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true })
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'standin-key-1', alg, use: 'sig' }
  const publicKeyPem = await exportSPKI(publicKey)
  let fetches = 0
  const server: Server = createServer((req, res) => {
    if (req.url === '/.well-known/jwks.json') {
      fetches++
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
      res.end(JSON.stringify({ keys: [jwk] }))
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const issuer = options.issuer ?? `http://127.0.0.1:${port}`
  const audience = options.audience ?? 'foyer-test-audience'
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    issuer,
    audience,
    alg,
    publicKeyPem,
    async sign(claims = {}, signOptions = {}) {
      const jwt = new SignJWT({ iss: issuer, aud: audience, sub: 'user-1', ...claims })
        .setProtectedHeader({ alg, kid: jwk.kid!, typ: 'JWT', ...signOptions.header } as { alg: string })
        .setIssuedAt()
      if (!signOptions.noExp) jwt.setExpirationTime(signOptions.expiresIn ?? '10m')
      return jwt.sign(privateKey)
    },
    fetches: () => fetches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
