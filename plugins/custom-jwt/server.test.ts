import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenResponseSchema } from '../../core/protocol/index.js'
import { emailServer } from '../email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { startJwksStandin, type JwksStandin } from '../../test/standins/jwksStandin.js'
import { customJwtServer } from './server.js'

let t: TestServer
let idp: JwksStandin
let otherIdp: JwksStandin
const authenticate = (token: unknown) => t.request('/api/v1/custom_jwt_account/authenticate', { body: { token } })
const users = async () => (await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n

beforeAll(async () => {
  idp = await startJwksStandin()
  otherIdp = await startJwksStandin({ audience: idp.audience })
  t = await createTestServer({
    plugins: [emailServer(), customJwtServer()],
    app: { 'custom-jwt': { jwks_url: idp.jwksUrl, algorithms: ['ES256'], issuer: idp.issuer, audience: idp.audience } },
  })
})
afterAll(async () => {
  await t.close()
  await idp.close()
  await otherIdp.close()
})

describe('POST /api/v1/custom_jwt_account/authenticate', () => {
  it('signs up a new custom_auth user, then logs the same subject into the same user', async () => {
    const first = v.parse(TokenResponseSchema, await (await authenticate(await idp.sign({ sub: 'alice' }))).json())
    expect(first.is_new_user).toBe(true)
    expect(first.user.linkedAccounts).toMatchObject([{ type: 'custom_auth', customUserId: 'alice', issuer: idp.issuer }])
    expect(first.user.isGuest).toBe(false)
    const again = v.parse(TokenResponseSchema, await (await authenticate(await idp.sign({ sub: 'alice' }))).json())
    expect(again.is_new_user).toBe(false)
    expect(again.user.id).toBe(first.user.id)
    const bob = v.parse(TokenResponseSchema, await (await authenticate(await idp.sign({ sub: 'bob' }))).json())
    expect(bob.user.id).not.toBe(first.user.id)
  })

  it('refuses a token from another provider (other key) with 401 invalid_credentials and stores nothing', async () => {
    const before = await users()
    const res = await authenticate(await otherIdp.sign({ sub: 'alice' }))
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ code: 'invalid_credentials', error: 'Invalid custom auth token: bad_signature' })
    const expired = await authenticate(await idp.sign({ sub: 'carol', exp: Math.floor(Date.now() / 1000) - 3600 }, { noExp: true }))
    expect(expired.status).toBe(401)
    expect((await expired.json()).error).toBe('Invalid custom auth token: expired')
    expect(await users()).toBe(before)
  })

  it('a malformed body is 400 invalid_data and the token never comes back in an error', async () => {
    for (const bad of [undefined, 42, '', 'not-a-jwt', 'a.b.c.d', 'x'.repeat(9000)]) {
      const res = await authenticate(bad)
      expect(res.status).toBe(400)
      expect((await res.json()).code).toBe('invalid_data')
    }
    const token = await idp.sign({ sub: 'dave', aud: 'nope' })
    expect(await (await authenticate(token)).text()).not.toContain(token)
  })

  it('an app without a "custom-jwt" section refuses with 403 disallowed_login_method', async () => {
    const other = await createTestServer({ plugins: [emailServer(), customJwtServer()] })
    const res = await other.request('/api/v1/custom_jwt_account/authenticate', { body: { token: await idp.sign() } })
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe('disallowed_login_method')
    await other.close()
  })

  it('a PEM public key works as well, and an unreachable JWKS is 503 keys_unavailable', async () => {
    const pem = await createTestServer({
      plugins: [emailServer(), customJwtServer()],
      app: { 'custom-jwt': { public_key: idp.publicKeyPem, algorithms: ['ES256'], issuer: idp.issuer, audience: idp.audience } },
    })
    const ok = await pem.request('/api/v1/custom_jwt_account/authenticate', { body: { token: await idp.sign({ sub: 'pem-user' }) } })
    expect(ok.status).toBe(200)
    await pem.close()
    const dead = await createTestServer({
      plugins: [emailServer(), customJwtServer()],
      app: { 'custom-jwt': { jwks_url: 'http://127.0.0.1:1/jwks.json', algorithms: ['ES256'], issuer: idp.issuer, audience: idp.audience } },
    })
    const res = await dead.request('/api/v1/custom_jwt_account/authenticate', { body: { token: await idp.sign() } })
    expect(res.status).toBe(503)
    expect((await res.json()).code).toBe('keys_unavailable')
    await dead.close()
  })
})
