import { createHmac } from 'node:crypto'
import { generateKeyPair, SignJWT } from 'jose'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJwksStandin, type JwksStandin } from '../../../test/standins/jwksStandin.js'
import { CustomJwtAppConfigSchema, type CustomJwtAppConfig } from '../schema.js'
import { createKeyResolver, verifyCustomJwt } from './verifyCustomJwt.js'

let idp: JwksStandin
let jwksConfig: CustomJwtAppConfig
let pemConfig: CustomJwtAppConfig
const resolveKey = createKeyResolver()
const verify = (token: string, config = jwksConfig, now = Date.now()) => verifyCustomJwt(token, config, { resolveKey, now })
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

beforeAll(async () => {
  idp = await startJwksStandin()
  const base = { algorithms: ['ES256' as const], issuer: idp.issuer, audience: idp.audience }
  jwksConfig = v.parse(CustomJwtAppConfigSchema, { ...base, jwks_url: idp.jwksUrl })
  pemConfig = v.parse(CustomJwtAppConfigSchema, { ...base, public_key: idp.publicKeyPem })
})
afterAll(() => idp.close())

describe('verifyCustomJwt', () => {
  it('accepts a valid token through the JWKS URL and through the PEM key; identity is (iss, sub)', async () => {
    const token = await idp.sign({ sub: 'alice' })
    expect(await verify(token)).toEqual({ issuer: idp.issuer, subject: 'alice' })
    expect(await verify(token, pemConfig)).toEqual({ issuer: idp.issuer, subject: 'alice' })
  })

  it("refuses alg 'none' (an unsigned token)", async () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ iss: idp.issuer, aud: idp.audience, sub: 'alice', exp: Math.floor(Date.now() / 1000) + 600 })}.`
    await expect(verify(none)).rejects.toMatchObject({ reason: 'alg_not_allowed' })
    await expect(verify(none, pemConfig)).rejects.toMatchObject({ reason: 'alg_not_allowed' })
  })

  it('refuses HS256 signed with the public key as the HMAC secret (key confusion)', async () => {
    const header = b64({ alg: 'HS256', typ: 'JWT' })
    const payload = b64({ iss: idp.issuer, aud: idp.audience, sub: 'mallory', exp: Math.floor(Date.now() / 1000) + 600 })
    const signature = createHmac('sha256', idp.publicKeyPem).update(`${header}.${payload}`).digest('base64url')
    await expect(verify(`${header}.${payload}.${signature}`, pemConfig)).rejects.toMatchObject({ reason: 'alg_not_allowed' })
    await expect(verify(`${header}.${payload}.${signature}`)).rejects.toMatchObject({ reason: 'alg_not_allowed' })
  })

  it('refuses an algorithm that is valid but not pinned (RS256 when only ES256 is allowed)', async () => {
    const rsa = await generateKeyPair('RS256')
    const token = await new SignJWT({ iss: idp.issuer, aud: idp.audience, sub: 'alice' })
      .setProtectedHeader({ alg: 'RS256', kid: 'standin-key-1' })
      .setExpirationTime('5m')
      .sign(rsa.privateKey)
    await expect(verify(token)).rejects.toMatchObject({ reason: 'alg_not_allowed' })
  })

  it('refuses a token signed by another key, even with the right kid', async () => {
    const other = await generateKeyPair('ES256')
    const token = await new SignJWT({ iss: idp.issuer, aud: idp.audience, sub: 'alice' })
      .setProtectedHeader({ alg: 'ES256', kid: 'standin-key-1' })
      .setExpirationTime('5m')
      .sign(other.privateKey)
    await expect(verify(token)).rejects.toMatchObject({ reason: 'bad_signature' })
    await expect(verify(token, pemConfig)).rejects.toMatchObject({ reason: 'bad_signature' })
  })

  it('refuses a tampered payload', async () => {
    const [h, , s] = (await idp.sign({ sub: 'alice' })).split('.')
    const forged = `${h}.${b64({ iss: idp.issuer, aud: idp.audience, sub: 'admin', exp: Math.floor(Date.now() / 1000) + 600 })}.${s}`
    await expect(verify(forged)).rejects.toMatchObject({ reason: 'bad_signature' })
  })

  it('refuses the wrong issuer and the wrong audience', async () => {
    await expect(verify(await idp.sign({ iss: 'https://evil.example' }))).rejects.toMatchObject({ reason: 'wrong_issuer' })
    await expect(verify(await idp.sign({ aud: 'another-app' }))).rejects.toMatchObject({ reason: 'wrong_audience' })
  })

  it('refuses an expired token, one without exp and one not yet valid (nbf), with 30 s tolerance', async () => {
    const token = await idp.sign({}, { expiresIn: '60s' })
    expect((await verify(token, jwksConfig, Date.now() + 80_000)).subject).toBe('user-1') // inside the tolerance
    await expect(verify(token, jwksConfig, Date.now() + 120_000)).rejects.toMatchObject({ reason: 'expired' })
    await expect(verify(await idp.sign({}, { noExp: true }))).rejects.toMatchObject({ reason: 'invalid_token' })
    await expect(verify(await idp.sign({ nbf: Math.floor(Date.now() / 1000) + 3600 }))).rejects.toMatchObject({ reason: 'not_yet_valid' })
  })

  it('refuses a token without sub or with an empty sub', async () => {
    await expect(verify(await idp.sign({ sub: undefined }))).rejects.toMatchObject({ reason: 'missing_sub' })
    await expect(verify(await idp.sign({ sub: '' }))).rejects.toMatchObject({ reason: 'missing_sub' })
  })

  it('refuses garbage', async () => {
    await expect(verify('a.b.c')).rejects.toMatchObject({ reason: 'invalid_token' })
  })

  it('reports an unreachable key set as keys_unavailable', async () => {
    const dead = { ...jwksConfig, jwks_url: 'http://127.0.0.1:1/jwks.json' }
    await expect(verify(await idp.sign(), dead)).rejects.toMatchObject({ reason: 'keys_unavailable' })
  })
})

describe('the "custom-jwt" app-config section', () => {
  const base = { issuer: 'https://idp.example', audience: 'app', jwks_url: 'https://idp.example/jwks.json' }
  it('accepts asymmetric algorithms only', () => {
    expect(v.safeParse(CustomJwtAppConfigSchema, { ...base, algorithms: ['ES256', 'RS256'] }).success).toBe(true)
    for (const alg of ['none', 'HS256', 'HS512']) {
      expect(v.safeParse(CustomJwtAppConfigSchema, { ...base, algorithms: [alg] }).success).toBe(false)
    }
    expect(v.safeParse(CustomJwtAppConfigSchema, { ...base, algorithms: [] }).success).toBe(false)
  })
  it('needs exactly one of jwks_url and public_key, plus issuer and audience', () => {
    expect(v.safeParse(CustomJwtAppConfigSchema, { issuer: 'i', audience: 'a', algorithms: ['ES256'] }).success).toBe(false)
    expect(v.safeParse(CustomJwtAppConfigSchema, { ...base, public_key: '-----BEGIN PUBLIC KEY-----x', algorithms: ['ES256'] }).success).toBe(false)
    expect(v.safeParse(CustomJwtAppConfigSchema, { ...base, issuer: '', algorithms: ['ES256'] }).success).toBe(false)
    const { audience: _a, ...noAudience } = base
    expect(v.safeParse(CustomJwtAppConfigSchema, { ...noAudience, algorithms: ['ES256'] }).success).toBe(false)
  })
})
