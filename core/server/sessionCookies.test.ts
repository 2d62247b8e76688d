import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN } from '../../test/kit/createTestServer.js'
import type { TestRequestInit, TestServer } from '../../test/kit/createTestServer.js'
import { createServer } from './createServer.js'
import { Hono } from 'hono'
import { setSessionCookies } from './sessionCookies.js'
import { resolveSessionCookies } from './sessionCookieSettings.js'

/** A parsed Set-Cookie line. */
interface SetCookie {
  name: string
  value: string
  attrs: Record<string, string | true>
}
const parseSetCookie = (line: string): SetCookie => {
  const [pair, ...rest] = line.split(';').map((s) => s.trim())
  const eq = pair!.indexOf('=')
  const attrs: Record<string, string | true> = {}
  for (const a of rest) {
    const i = a.indexOf('=')
    attrs[(i < 0 ? a : a.slice(0, i)).toLowerCase()] = i < 0 ? true : a.slice(i + 1)
  }
  return { name: pair!.slice(0, eq), value: decodeURIComponent(pair!.slice(eq + 1)), attrs }
}
const setCookies = (res: Response) => Object.fromEntries(res.headers.getSetCookie().map(parseSetCookie).map((c) => [c.name, c]))
const cookieHeader = (jar: Record<string, SetCookie>, names = Object.keys(jar)) =>
  names.filter((n) => jar[n]?.value).map((n) => `${n}=${encodeURIComponent(jar[n]!.value)}`).join('; ')

let t: TestServer
let clock = Date.now()
const TTL = 600
const fromApp = (init: TestRequestInit = {}): TestRequestInit => ({ ...init, headers: { origin: TEST_ORIGIN, ...init.headers } })
const activeSessions = async () => (await t.server.db.query('SELECT 1 FROM sessions WHERE revoked_at IS NULL')).length

/** Signs in by e-mail through the routes, from the app's origin; answers the response and its cookies. */
async function login(email: string) {
  await t.request('/api/v1/passwordless/init', fromApp({ body: { email } }))
  const code = await t.lastCode(email)
  const res = await t.request('/api/v1/passwordless/authenticate', fromApp({ body: { email, code } }))
  expect(res.status).toBe(200)
  return { res, body: await res.json(), jar: setCookies(res) }
}

beforeAll(async () => {
  t = await createTestServer({
    now: () => clock,
    accessTokenTtlSeconds: TTL,
    refreshGraceSeconds: 0,
    app: { session_cookies: { domain: '.example.test', same_site: 'lax' } },
  })
})
afterAll(() => t.close())

describe('session cookies: login', () => {
  it('sets HttpOnly token cookies with Path, SameSite, Max-Age and Domain, and keeps the refresh token out of the body', async () => {
    const { res, body, jar } = await login('cookie.login@example.com')
    expect(body.refresh_token).toBeNull()
    expect(typeof body.token).toBe('string')
    expect(body.user.linkedAccounts[0].address).toBe('cookie.login@example.com')
    expect(res.headers.get('cache-control')).toBe('no-store')

    const token = jar['foyer-token']!
    expect(token.value).toBe(body.token)
    expect(token.attrs).toMatchObject({ httponly: true, secure: true, samesite: 'Lax', path: '/', domain: '.example.test' })
    expect(Number(token.attrs['max-age'])).toBe(TTL)

    expect(jar['foyer-id-token']!.value).toBe(body.identity_token)
    expect(jar['foyer-id-token']!.attrs).toMatchObject({ httponly: true, path: '/' })

    const refresh = jar['foyer-refresh-token']!
    expect(refresh.value.length).toBeGreaterThanOrEqual(43)
    expect(refresh.attrs).toMatchObject({ httponly: true, secure: true, samesite: 'Lax', path: '/api/v1/sessions', domain: '.example.test' })
    expect(Number(refresh.attrs['max-age'])).toBe(30 * 24 * 3600)

    const marker = jar['foyer-session']!
    expect(marker.value).toBe('t')
    expect(marker.attrs.httponly).toBeUndefined()
    expect(marker.attrs).toMatchObject({ path: '/', 'max-age': String(30 * 24 * 3600) })
  })

  it('the public app config says so', async () => {
    const config = await (await t.request(`/api/v1/apps/${TEST_APP_ID}`)).json()
    expect(config.session_cookies_enabled).toBe(true)
    expect(config.session_cookies).toBeUndefined()
  })

  it('the access-token cookie authenticates GET /users/me (no bearer)', async () => {
    const { jar } = await login('cookie.me@example.com')
    const res = await t.request('/api/v1/users/me', { headers: { cookie: cookieHeader(jar, ['foyer-token']) } })
    expect(res.status).toBe(200)
    expect((await res.json()).user.linkedAccounts[0].address).toBe('cookie.me@example.com')
    // A garbage cookie is no session.
    expect((await t.request('/api/v1/users/me', { headers: { cookie: 'foyer-token=nope' } })).status).toBe(401)
  })
})

describe('session cookies: refresh, fork, logout', () => {
  it('refresh with {} reads the cookie, rotates and sets new cookies', async () => {
    const { body: first, jar } = await login('cookie.refresh@example.com')
    clock += 1000
    const res = await t.request('/api/v1/sessions', fromApp({ body: {}, headers: { cookie: cookieHeader(jar) } }))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.refresh_token).toBeNull()
    expect(body.user.id).toBe(first.user.id)
    const next = setCookies(res)
    expect(next['foyer-token']!.value).toBe(body.token)
    expect(next['foyer-refresh-token']!.value).not.toBe(jar['foyer-refresh-token']!.value)
    expect(decodeJwt(body.token).sid).toBe(decodeJwt(first.token).sid)
    // The new cookie keeps working.
    const again = await t.request('/api/v1/sessions', fromApp({ body: {}, headers: { cookie: cookieHeader(next) } }))
    expect(again.status).toBe(200)
  })

  it('reuse of a rotated refresh cookie revokes the session and expires the cookies', async () => {
    const { jar } = await login('cookie.reuse@example.com')
    clock += 1000
    const rotated = await t.request('/api/v1/sessions', fromApp({ body: {}, headers: { cookie: cookieHeader(jar) } }))
    const next = setCookies(rotated)
    clock += 1000
    const replay = await t.request('/api/v1/sessions', fromApp({ body: {}, headers: { cookie: cookieHeader(jar) } }))
    expect(replay.status).toBe(401)
    expect((await replay.json()).code).toBe('invalid_refresh_token')
    const cleared = setCookies(replay)
    for (const name of ['foyer-token', 'foyer-id-token', 'foyer-refresh-token', 'foyer-session']) {
      expect(cleared[name]!.attrs['max-age']).toBe('0')
      expect(cleared[name]!.value).toBe('')
    }
    // The thief's and the owner's tokens are both dead now.
    expect((await t.request('/api/v1/sessions', fromApp({ body: {}, headers: { cookie: cookieHeader(next) } }))).status).toBe(401)
    expect((await t.request('/api/v1/users/me', { headers: { cookie: cookieHeader(next, ['foyer-token']) } })).status).toBe(401)
  })

  it('refresh with neither body token nor cookie is 401 invalid_refresh_token', async () => {
    const res = await t.request('/api/v1/sessions', fromApp({ body: {} }))
    expect(res.status).toBe(401)
    expect((await res.json()).code).toBe('invalid_refresh_token')
  })

  it('a body refresh token still works in cookie mode (the answer moves it into the cookie)', async () => {
    const { jar } = await login('cookie.body@example.com')
    const res = await t.request('/api/v1/sessions', fromApp({ body: { refresh_token: jar['foyer-refresh-token']!.value } }))
    expect(res.status).toBe(200)
    expect((await res.json()).refresh_token).toBeNull()
    expect(setCookies(res)['foyer-refresh-token']!.value.length).toBeGreaterThanOrEqual(43)
  })

  it('fork reads the cookie and answers the forked token; recover never takes the cookie', async () => {
    const { jar } = await login('cookie.fork@example.com')
    const res = await t.request('/api/v1/sessions/fork', fromApp({ body: {}, headers: { cookie: cookieHeader(jar) } }))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.refresh_token).toBeNull()
    expect(typeof body.new_session_refresh_token).toBe('string')
    const next = setCookies(res)
    expect(next['foyer-refresh-token']!.value).not.toBe(jar['foyer-refresh-token']!.value)

    const noToken = await t.request('/api/v1/sessions/fork/recover', fromApp({ body: {}, headers: { cookie: cookieHeader(next) } }))
    expect(noToken.status).toBe(401)
    const recovered = await t.request('/api/v1/sessions/fork/recover', fromApp({ body: { refresh_token: body.new_session_refresh_token } }))
    expect(recovered.status).toBe(200)
    expect(decodeJwt((await recovered.json()).token).sid).not.toBe(decodeJwt(body.token).sid)
    expect(setCookies(recovered)['foyer-refresh-token']).toBeTruthy()
  })

  it('logout with {} ends the session of the cookie and expires every cookie', async () => {
    const { body, jar } = await login('cookie.logout@example.com')
    const res = await t.request('/api/v1/sessions/logout', fromApp({ body: {}, headers: { cookie: cookieHeader(jar) } }))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ session_update_action: 'clear' })
    const cleared = setCookies(res)
    expect(cleared['foyer-refresh-token']!.attrs).toMatchObject({ 'max-age': '0', path: '/api/v1/sessions', domain: '.example.test' })
    for (const name of ['foyer-token', 'foyer-id-token', 'foyer-session']) expect(cleared[name]!.attrs['max-age']).toBe('0')
    expect((await t.request('/api/v1/users/me', { token: body.token })).status).toBe(401)
    // Without any cookie it still answers 'clear' (nothing to end) and expires the cookies.
    const again = await t.request('/api/v1/sessions/logout', fromApp({ body: {} }))
    expect(again.status).toBe(200)
    expect(setCookies(again)['foyer-token']!.attrs['max-age']).toBe('0')
  })

  it('a malformed logout body is still 400 and ends nothing', async () => {
    const { jar } = await login('cookie.badlogout@example.com')
    const before = await activeSessions()
    const res = await t.request('/api/v1/sessions/logout', fromApp({ body: { refresh_token: 42 }, headers: { cookie: cookieHeader(jar) } }))
    expect(res.status).toBe(400)
    expect(await activeSessions()).toBe(before)
  })
})

describe('session cookies: CSRF', () => {
  it('a cookie POST from a foreign Origin is refused (403) and changes nothing', async () => {
    const { jar } = await login('csrf.origin@example.com')
    const before = await activeSessions()
    const res = await t.request('/api/v1/sessions/logout', {
      body: {},
      headers: { origin: 'https://evil.example.test', cookie: cookieHeader(jar) },
    })
    expect(res.status).toBe(403)
    expect(res.headers.getSetCookie()).toEqual([])
    expect(await activeSessions()).toBe(before)
    expect((await t.request('/api/v1/users/me', { headers: { cookie: cookieHeader(jar, ['foyer-token']) } })).status).toBe(200)
  })

  it("allow_api_origin: a cookie POST from the API server's own host passes the CSRF check only for an app with the flag", async () => {
    const { jar } = await login('csrf.api-origin@example.com')
    const sameHost = { origin: 'https://auth.example.test', host: 'auth.example.test', cookie: cookieHeader(jar) }
    expect((await t.request('/api/v1/sessions/logout', { body: {}, headers: sameHost })).status).toBe(403)
    const stored = (await t.server.ctx.appStore.get(TEST_APP_ID))!
    const flagged = await t.server.ctx.appStore.update(TEST_APP_ID, { ...stored.entry, allow_api_origin: true }, stored.revision, 'test')
    try {
      const before = await activeSessions()
      expect((await t.request('/api/v1/sessions/logout', { body: {}, headers: sameHost })).status).toBe(200)
      expect(await activeSessions()).toBe(before - 1)
    } finally {
      await t.server.ctx.appStore.update(TEST_APP_ID, stored.entry, flagged.revision, 'test')
    }
  })

  it('a cookie POST with neither Origin nor Referer is 403 csrf_rejected; an allowed Referer passes', async () => {
    const { jar } = await login('csrf.none@example.com')
    const before = await activeSessions()
    const res = await t.request('/api/v1/sessions/logout', { body: {}, headers: { cookie: cookieHeader(jar) } })
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe('csrf_rejected')
    const foreignReferer = await t.request('/api/v1/sessions', {
      body: {},
      headers: { cookie: cookieHeader(jar), referer: 'https://evil.example.test/page' },
    })
    expect(foreignReferer.status).toBe(403)
    expect(await activeSessions()).toBe(before)

    const ok = await t.request('/api/v1/sessions', { body: {}, headers: { cookie: cookieHeader(jar), referer: `${TEST_ORIGIN}/account?x=1` } })
    expect(ok.status).toBe(200)
  })

  it('a cookie POST without the app-id header is refused and changes nothing', async () => {
    const { jar } = await login('csrf.header@example.com')
    const before = await activeSessions()
    const res = await t.request('/api/v1/sessions/logout', fromApp({ body: {}, noAppId: true, headers: { cookie: cookieHeader(jar) } }))
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('invalid_app_id')
    expect(await activeSessions()).toBe(before)
  })

  it('a login POST from the app with a stale cookie passes; GETs need no Origin', async () => {
    const { jar } = await login('csrf.stale@example.com')
    await t.request('/api/v1/passwordless/init', fromApp({ body: { email: 'csrf.stale2@example.com' }, headers: { cookie: cookieHeader(jar) } }))
    const code = await t.lastCode('csrf.stale2@example.com')
    const res = await t.request('/api/v1/passwordless/authenticate', fromApp({ body: { email: 'csrf.stale2@example.com', code }, headers: { cookie: cookieHeader(jar) } }))
    expect(res.status).toBe(200)
    expect((await t.request('/api/v1/users/me', { headers: { cookie: cookieHeader(jar, ['foyer-token']) } })).status).toBe(200)
  })
})

describe('session cookies off (default)', () => {
  let plain: TestServer
  beforeAll(async () => {
    plain = await createTestServer()
  })
  afterAll(() => plain.close())

  it('token responses carry the refresh token and set no cookie; cookies are ignored', async () => {
    await plain.request('/api/v1/passwordless/init', fromApp({ body: { email: 'plain@example.com' } }))
    const code = await plain.lastCode('plain@example.com')
    const res = await plain.request('/api/v1/passwordless/authenticate', fromApp({ body: { email: 'plain@example.com', code } }))
    const body = await res.json()
    expect(typeof body.refresh_token).toBe('string')
    expect(res.headers.getSetCookie()).toEqual([])
    expect((await (await plain.request(`/api/v1/apps/${TEST_APP_ID}`)).json()).session_cookies_enabled).toBe(false)
    // A cookie is no credential here, and doesn't trigger the CSRF rule either.
    expect((await plain.request('/api/v1/users/me', { headers: { cookie: `foyer-token=${body.token}` } })).status).toBe(401)
    const refresh = await plain.request('/api/v1/sessions', { body: {}, headers: { cookie: `foyer-refresh-token=${body.refresh_token}` } })
    expect(refresh.status).toBe(401)
    const bearer = await plain.request('/api/v1/sessions', { body: { refresh_token: body.refresh_token } })
    expect(bearer.status).toBe(200)
    expect(typeof (await bearer.json()).refresh_token).toBe('string')
  })
})

describe('session_cookies settings', () => {
  const base = { dataDir: ':memory:', databaseUrl: '', smtpUrl: '', dev: false, logger: { info() {}, warn() {}, error() {} } }
  const app = (extra: Record<string, unknown>, origins = ['https://app.example.com']) => ({
    ...base,
    apps: [{ id: TEST_APP_ID, name: 'A', allowed_origins: origins, ...extra }],
  })

  it('secure: false only for local origins', async () => {
    await expect(createServer(app({ session_cookies: { secure: false } }))).rejects.toThrow(/secure may be false only/)
    expect(resolveSessionCookies({ secure: false }, ['http://localhost:5173', 'http://127.0.0.1:5173'], 'x')).toEqual({
      domain: null,
      secure: false,
      sameSite: 'Lax',
    })
    expect(() => resolveSessionCookies({ secure: false }, ['http://localhost.evil.com'], 'x')).toThrow()
    expect(resolveSessionCookies({ same_site: 'strict' }, ['https://a.example.com'], 'x')).toMatchObject({ secure: true, sameSite: 'Strict' })
  })

  it('refuses malformed sections with the field path', async () => {
    await expect(createServer(app({ session_cookies: { domain: 'https://example.com' } }))).rejects.toThrow(/session_cookies\.domain/)
    await expect(createServer(app({ session_cookies: { same_site: 'none' } }))).rejects.toThrow(/session_cookies\.same_site/)
    await expect(createServer(app({ session_cookies: { domian: '.example.com' } }))).rejects.toThrow(/session_cookies/)
    await expect(createServer(app({ session_cookies_enabled: true }))).rejects.toThrow(/session_cookies_enabled/)
  })
})

describe('setSessionCookies', () => {
  it('expires the identity-token cookie instead of setting one too large for browsers to keep', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
    const jwt = (claims: object) => `${b64({ alg: 'ES256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 100, ...claims })}.sig`
    const app = new Hono()
    app.get('/:size', (c) => {
      const identityToken = jwt({ linked_accounts: 'x'.repeat(Number(c.req.param('size'))) })
      setSessionCookies(c, { domain: null, secure: true, sameSite: 'Lax' }, { token: jwt({}), identityToken, refreshToken: 'r' }, Date.now())
      return c.text('ok')
    })
    const small = setCookies(await app.request('/100'))
    expect(small['foyer-id-token']!.value.length).toBeGreaterThan(100)
    expect(Number(small['foyer-id-token']!.attrs['max-age'])).toBeGreaterThan(90)
    expect(small['foyer-token']!.attrs.domain).toBeUndefined()
    const large = setCookies(await app.request('/5000'))
    expect(large['foyer-id-token']!.value).toBe('')
    expect(large['foyer-id-token']!.attrs['max-age']).toBe('0')
    expect(large['foyer-token']!.value.length).toBeGreaterThan(10)
  })
})
