import { createPrivateKey, randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'

/** How long a CDP JWT lives (Coinbase's SDKs: 120 s). */
export const CDP_JWT_TTL_SECONDS = 120

/** A CDP Secret API key: its name (the key id, `organizations/…/apiKeys/…` or a UUID) and its private key. */
export interface CdpApiKey {
  name: string
  /** PEM EC private key (ES256; SEC1 or PKCS#8, `\n` escapes allowed) or a base64 Ed25519 key (64 bytes: seed + public). */
  privateKey: string
}

/** A key jose signs with (typed by jose, so the published .d.ts needs no @types/node). */
type SigningKey = Parameters<SignJWT['sign']>[0]

/** The signing key and algorithm of a CDP private key, as Coinbase documents both kinds. */
export function cdpSigningKey(privateKey: string): { key: SigningKey; alg: 'ES256' | 'EdDSA' } {
  const text = privateKey.trim().replace(/\\n/g, '\n')
  if (text.startsWith('-----BEGIN')) {
    const key = createPrivateKey(text)
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error('The CDP EC key must be a P-256 key')
    return { key, alg: 'ES256' }
  }
  const raw = Buffer.from(text, 'base64')
  if (raw.length !== 64) throw new Error('The CDP Ed25519 key must be 64 bytes of base64 (seed and public key)')
  const key = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: raw.subarray(0, 32).toString('base64url'), x: raw.subarray(32).toString('base64url') }, format: 'jwk' })
  return { key, alg: 'EdDSA' }
}

/**
 * The Bearer JWT of one CDP REST request (Coinbase's "Generate JWT"): header {alg, kid: key name, typ: 'JWT', nonce},
 * claims {sub: key name, iss: 'cdp', nbf: now, exp: now + 120, uri: '<METHOD> <host><path>'}.
 */
export async function cdpJwt(apiKey: CdpApiKey, request: { method: string; url: string }, nowMs = Date.now()): Promise<string> {
  const { key, alg } = cdpSigningKey(apiKey.privateKey)
  const url = new URL(request.url)
  const now = Math.floor(nowMs / 1000)
  return new SignJWT({ uri: `${request.method.toUpperCase()} ${url.host}${url.pathname}` })
    .setProtectedHeader({ alg, kid: apiKey.name, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
    .setSubject(apiKey.name)
    .setIssuer('cdp')
    .setNotBefore(now)
    .setExpirationTime(now + CDP_JWT_TTL_SECONDS)
    .sign(key)
}
