import { generateKeyPairSync } from 'node:crypto'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { cdpJwt, cdpSigningKey } from './cdpJwt.js'

const name = 'organizations/00000000-0000-0000-0000-000000000001/apiKeys/00000000-0000-0000-0000-000000000002'
const at = Date.parse('2026-01-01T00:00:00Z')

describe('the CDP JWT (Coinbase "Generate JWT")', () => {
  it('ES256 with an EC key (SEC1 PEM, also with \\n escapes): header kid/nonce/typ, claims sub/iss/nbf/exp/uri', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    const pem = privateKey.export({ type: 'sec1', format: 'pem' }).toString()
    for (const key of [pem, pem.replace(/\n/g, '\\n'), privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()]) {
      const jwt = await cdpJwt({ name, privateKey: key }, { method: 'post', url: 'https://api.developer.coinbase.com/onramp/v1/token' }, at)
      const header = decodeProtectedHeader(jwt)
      expect(header).toMatchObject({ alg: 'ES256', kid: name, typ: 'JWT' })
      expect(header.nonce).toMatch(/^[0-9a-f]{32}$/)
      const { payload } = await jwtVerify(jwt, publicKey, { algorithms: ['ES256'], currentDate: new Date(at + 1000) })
      expect(payload).toEqual({ sub: name, iss: 'cdp', nbf: at / 1000, exp: at / 1000 + 120, uri: 'POST api.developer.coinbase.com/onramp/v1/token' })
    }
  })

  it('a fresh nonce each time; the uri has no query string; expired after 120 s', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    const key = { name, privateKey: privateKey.export({ type: 'sec1', format: 'pem' }).toString() }
    const url = 'https://api.developer.coinbase.com/onramp/v1/buy/user/abc/transactions?page_size=10'
    const [a, b] = await Promise.all([cdpJwt(key, { method: 'GET', url }, at), cdpJwt(key, { method: 'GET', url }, at)])
    expect(decodeProtectedHeader(a!).nonce).not.toBe(decodeProtectedHeader(b!).nonce)
    expect((await jwtVerify(a!, publicKey, { currentDate: new Date(at) })).payload.uri).toBe('GET api.developer.coinbase.com/onramp/v1/buy/user/abc/transactions')
    await expect(jwtVerify(a!, publicKey, { currentDate: new Date(at + 121_000) })).rejects.toThrow(/exp/)
  })

  it('EdDSA with an Ed25519 key (base64 of seed and public key, as the CDP portal gives it)', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519')
    const jwk = privateKey.export({ format: 'jwk' })
    const secret = Buffer.concat([Buffer.from(jwk.d!, 'base64url'), Buffer.from(jwk.x!, 'base64url')]).toString('base64')
    const jwt = await cdpJwt({ name, privateKey: secret }, { method: 'POST', url: 'https://api.developer.coinbase.com/onramp/v1/token' }, at)
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'EdDSA', kid: name })
    const { payload } = await jwtVerify(jwt, publicKey, { algorithms: ['EdDSA'], currentDate: new Date(at) })
    expect(payload).toMatchObject({ sub: name, iss: 'cdp', uri: 'POST api.developer.coinbase.com/onramp/v1/token' })
  })

  it('refuses other keys: another curve, RSA, wrong lengths', () => {
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey.export({ type: 'sec1', format: 'pem' }).toString()
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    expect(() => cdpSigningKey(p384)).toThrow(/P-256/)
    expect(() => cdpSigningKey(rsa)).toThrow(/P-256/)
    expect(() => cdpSigningKey(Buffer.alloc(32).toString('base64'))).toThrow(/64 bytes/)
  })
})
