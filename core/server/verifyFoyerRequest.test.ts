import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, TEST_APP_ID } from '../../test/kit/createTestServer.js'
import type { TestServer } from '../../test/kit/createTestServer.js'
import { FoyerAuthError, foyerTokenFromRequest, verifyFoyerRequest } from './verifyFoyerRequest.js'

let t: TestServer
let url: string
let close: () => Promise<void>
let verificationKey: string
let token: string
let identityToken: string

beforeAll(async () => {
  t = await createTestServer()
  ;({ url, close } = await t.server.listen(0, '127.0.0.1'))
  verificationKey = (await (await t.request(`/api/v1/apps/${TEST_APP_ID}`)).json()).verification_key
  const login = await t.login('verify@example.com')
  token = login.token!
  identityToken = login.identity_token!
})
afterAll(async () => {
  await close()
  await t.close()
})

describe('foyerTokenFromRequest', () => {
  it('reads the bearer header first, else the foyer-token cookie', () => {
    expect(foyerTokenFromRequest(new Headers({ authorization: 'Bearer abc', cookie: 'foyer-token=def' }))).toBe('abc')
    expect(foyerTokenFromRequest(new Headers({ cookie: 'a=1; foyer-token=def%2Eg; foyer-session=t' }))).toBe('def.g')
    expect(foyerTokenFromRequest({ cookie: ['x=1', 'foyer-token=n1'] })).toBe('n1')
    expect(foyerTokenFromRequest(new Request('http://h/', { headers: { Authorization: 'bearer r1' } }))).toBe('r1')
    expect(foyerTokenFromRequest({ cookie: 'my-foyer-token=x; foyer-token-2=y' })).toBeNull()
    expect(foyerTokenFromRequest({ authorization: 'Basic abc' })).toBeNull()
    expect(foyerTokenFromRequest({ cookie: 'foyer-token=%E0%A4%A' })).toBeNull()
  })
})

describe('verifyFoyerRequest', () => {
  it('verifies a bearer token against the verification key and answers the claims', async () => {
    const claims = await verifyFoyerRequest(new Headers({ authorization: `Bearer ${token}` }), { appId: TEST_APP_ID, verificationKey })
    expect(claims).toMatchObject({ appId: TEST_APP_ID, issuer: 'foyer' })
    expect(claims.userId).toMatch(/^did:foyer:/)
    expect(claims.sessionId).toMatch(/^ses_/)
    expect(claims.expiration).toBeGreaterThan(claims.issuedAt)
  })

  it('verifies the cookie of a Node request against the JWKS URL', async () => {
    const claims = await verifyFoyerRequest(
      { cookie: `foyer-token=${token}` },
      { appId: TEST_APP_ID, jwksUrl: `${url}/api/v1/apps/${TEST_APP_ID}/jwks.json` },
    )
    expect(claims.userId).toMatch(/^did:foyer:/)
  })

  it('refuses a missing token, another audience, another issuer, an identity token and a tampered token', async () => {
    const withKey = { appId: TEST_APP_ID, verificationKey }
    await expect(verifyFoyerRequest(new Headers(), withKey)).rejects.toBeInstanceOf(FoyerAuthError)
    const bearer = (tok: string) => new Headers({ authorization: `Bearer ${tok}` })
    await expect(verifyFoyerRequest(bearer(token), { ...withKey, appId: 'another_app_0000000000001' })).rejects.toThrow(FoyerAuthError)
    await expect(verifyFoyerRequest(bearer(token), { ...withKey, issuer: 'someone-else' })).rejects.toThrow(FoyerAuthError)
    await expect(verifyFoyerRequest(bearer(identityToken), withKey)).rejects.toThrow(FoyerAuthError)
    const [h, p, s] = token.split('.')
    const flipped = `${h}.${p}.${s!.startsWith('A') ? 'B' : 'A'}${s!.slice(1)}`
    await expect(verifyFoyerRequest(bearer(flipped), withKey)).rejects.toThrow('Invalid or expired Foyer access token')
    await expect(verifyFoyerRequest(bearer(token), { appId: TEST_APP_ID })).rejects.toThrow(TypeError)
  })
})
