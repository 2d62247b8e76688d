import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { IdTokenError, verifyIdToken } from './idToken.js'

const ISS = 'https://accounts.google.com'
const AUD = 'client-123'
const NOW = Date.UTC(2030, 0, 1)
let keys: ReturnType<typeof createLocalJWKSet>
let privateKey: CryptoKey
let otherKey: CryptoKey

beforeAll(async () => {
  const pair = await generateKeyPair('RS256')
  privateKey = pair.privateKey
  otherKey = (await generateKeyPair('RS256')).privateKey
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }] })
})

const sign = (claims: Record<string, unknown> = {}, key: CryptoKey = privateKey) =>
  new SignJWT({ nonce: 'n-1', email: 'a@example.com', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setSubject('sub-1')
    .setIssuer((claims.iss as string) ?? ISS)
    .setAudience((claims.aud as string) ?? AUD)
    .setIssuedAt(Math.floor(NOW / 1000))
    .setExpirationTime(Math.floor(NOW / 1000) + 600)
    .sign(key)

const expected = { issuer: ISS, audience: AUD, nonce: 'n-1', now: NOW }

describe('verifyIdToken', () => {
  it('accepts a token signed by the provider for our client with our nonce', async () => {
    const claims = await verifyIdToken(await sign(), keys, expected)
    expect(claims.sub).toBe('sub-1')
    expect(claims.email).toBe('a@example.com')
  })

  it('refuses a wrong issuer', async () => {
    await expect(verifyIdToken(await sign({ iss: 'https://evil.example' }), keys, expected)).rejects.toThrow(/"iss"/)
  })

  it('refuses a token issued to another client (aud)', async () => {
    await expect(verifyIdToken(await sign({ aud: 'someone-else' }), keys, expected)).rejects.toThrow(/"aud"/)
  })

  it('refuses a nonce from another flow', async () => {
    await expect(verifyIdToken(await sign({ nonce: 'n-2' }), keys, expected)).rejects.toThrow(/nonce/)
    await expect(verifyIdToken(await sign({ nonce: undefined }), keys, expected)).rejects.toThrow(IdTokenError)
  })

  it('refuses a signature by a key the provider does not publish', async () => {
    await expect(verifyIdToken(await sign({}, otherKey), keys, expected)).rejects.toThrow(/ERR_JWS_SIGNATURE_VERIFICATION_FAILED/)
  })

  it('refuses an expired token (beyond the 60 s skew) and a tampered payload', async () => {
    await expect(verifyIdToken(await sign(), keys, { ...expected, now: NOW + 700_000 })).rejects.toThrow(/expired/)
    const [h, , s] = (await sign()).split('.')
    const forged = Buffer.from(JSON.stringify({ sub: 'admin', iss: ISS, aud: AUD, nonce: 'n-1', exp: 2e9, iat: 1 })).toString('base64url')
    await expect(verifyIdToken(`${h}.${forged}.${s}`, keys, expected)).rejects.toThrow(IdTokenError)
  })
})
