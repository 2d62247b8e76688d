import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer } from '../../test/kit/createTestServer.js'
import type { TestServer } from '../../test/kit/createTestServer.js'

let t: TestServer
let clock = Date.now()
const refresh = (refresh_token: unknown) => t.request('/api/v1/sessions', { body: { refresh_token } })
const me = (token: string) => t.request('/api/v1/users/me', { token })

beforeAll(async () => {
  t = await createTestServer({ now: () => clock })
})
afterAll(() => t.close())

describe('access and identity tokens', () => {
  it('carries sid, sub, iss, aud = app id and exp at most one hour ahead; JWKS verifies it', async () => {
    const { token, identity_token, user } = await t.login('claims@example.com')
    const claims = decodeJwt(token!)
    expect(claims).toMatchObject({ sub: user.id, aud: t.appId, iss: 'foyer' })
    expect(typeof claims.sid).toBe('string')
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600)
    const jwks = await (await t.request(`/api/v1/apps/${t.appId}/jwks.json`, { noAppId: true })).json()
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256', use: 'sig', kid: decodeProtectedHeader(token!).kid })
    expect(jwks.keys[0].d).toBeUndefined()
    const keys = createLocalJWKSet(jwks)
    await expect(jwtVerify(token!, keys, { audience: t.appId, issuer: 'foyer', currentDate: new Date(clock) })).resolves.toBeTruthy()
    const identity = await jwtVerify(identity_token!, keys, { audience: t.appId, currentDate: new Date(clock) })
    expect(JSON.parse(identity.payload.linked_accounts as string)).toMatchObject([{ type: 'email', address: 'claims@example.com' }])
  })

  it('a host back-end verifies a token through createRemoteJWKSet over HTTP', async () => {
    const { token } = await t.login('remote@example.com')
    const running = await t.server.listen(0, '127.0.0.1')
    try {
      const keys = createRemoteJWKSet(new URL(`${running.url}/api/v1/apps/${t.appId}/jwks.json`))
      const { payload } = await jwtVerify(token!, keys, { audience: t.appId, currentDate: new Date(clock) })
      expect(payload.aud).toBe(t.appId)
    } finally {
      await running.close()
    }
  })

  it('/users/me refuses expired, foreign-audience and garbage tokens', async () => {
    const { token } = await t.login('expiry@example.com')
    expect((await me(token!)).status).toBe(200)
    expect((await me('garbage')).status).toBe(401)
    const other = await t.request('/api/v1/users/me', { token: token!, headers: { 'foyer-app-id': 'foyer_dev_app_00000000001' } })
    expect(other.status).toBe(401)
    clock += 3601 * 1000
    const expired = await me(token!)
    expect(expired.status).toBe(401)
    expect((await expired.json()).code).toBe('unauthorized')
  })
})

describe('refresh tokens', () => {
  it('rotates on every refresh and the new access token works', async () => {
    const first = await t.login('rotate@example.com')
    const res = await refresh(first.refresh_token)
    expect(res.status).toBe(200)
    const next = await res.json()
    expect(next.refresh_token).not.toBe(first.refresh_token)
    expect(next.refresh_token.length).toBeGreaterThanOrEqual(43)
    expect(next).toMatchObject({ is_new_user: false, session_update_action: 'set' })
    expect((await me(next.token)).status).toBe(200)
    const stored = await t.server.db.query<{ token_hash: string }>('SELECT token_hash FROM refresh_tokens')
    expect(stored.some((r) => r.token_hash === first.refresh_token || r.token_hash === next.refresh_token)).toBe(false)
  })

  it('reuse of a rotated token after the grace window revokes the family, successor included', async () => {
    const first = await t.login('reuse@example.com')
    const second = await (await refresh(first.refresh_token)).json()
    clock += 31_000
    const reuse = await refresh(first.refresh_token)
    expect(reuse.status).toBe(401)
    expect((await reuse.json()).code).toBe('invalid_refresh_token')
    expect((await refresh(second.refresh_token)).status).toBe(401)
    expect((await me(second.token)).status).toBe(401)
  })

  it('parallel refreshes with one token inside the grace window all get the same successor', async () => {
    const first = await t.login('race@example.com')
    const answers = await Promise.all(Array.from({ length: 6 }, () => refresh(first.refresh_token)))
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200))
    const tokens = new Set(await Promise.all(answers.map(async (r) => (await r.json()).refresh_token)))
    expect(tokens.size).toBe(1)
    // A late tab inside the window still gets the same successor.
    clock += 20_000
    const late = await (await refresh(first.refresh_token)).json()
    expect(tokens.has(late.refresh_token)).toBe(true)
  })

  it('a second-generation token is not honoured once its successor has rotated', async () => {
    const first = await t.login('generations@example.com')
    const second = await (await refresh(first.refresh_token)).json()
    const third = await (await refresh(second.refresh_token)).json()
    expect(third.refresh_token).toBeTruthy()
    // first's successor (second) is already rotated: first is outright reuse, even inside the window.
    expect((await refresh(first.refresh_token)).status).toBe(401)
    expect((await refresh(third.refresh_token)).status).toBe(401)
  })

  it('a family dies 30 days after login however often it was refreshed', async () => {
    let current = (await t.login('thirty@example.com')).refresh_token
    for (let day = 0; day < 29; day++) {
      clock += 24 * 3600 * 1000
      const res = await refresh(current)
      expect(res.status).toBe(200)
      current = (await res.json()).refresh_token
    }
    clock += 24 * 3600 * 1000 + 1000
    expect((await refresh(current)).status).toBe(401)
  })

  it('missing, malformed and unknown tokens are invalid_refresh_token', async () => {
    for (const token of [undefined, 42, '', 'x'.repeat(600), 'not-a-token']) {
      const res = await refresh(token)
      expect(res.status).toBe(401)
      expect((await res.json()).code).toBe('invalid_refresh_token')
    }
  })

  it('logout revokes the session and family; an unknown token still answers clear', async () => {
    const session = await t.login('logout@example.com')
    const res = await t.request('/api/v1/sessions/logout', { body: { refresh_token: session.refresh_token } })
    expect(await res.json()).toEqual({ session_update_action: 'clear' })
    expect((await refresh(session.refresh_token)).status).toBe(401)
    expect((await me(session.token!)).status).toBe(401)
    const unknown = await t.request('/api/v1/sessions/logout', { body: { refresh_token: 'unknown' } })
    expect(unknown.status).toBe(200)
  })
})
