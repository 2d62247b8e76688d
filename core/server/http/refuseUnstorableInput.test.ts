import { createHash, randomBytes } from 'node:crypto'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { startGithubStandin, type GithubStandin } from '../../../test/standins/githubStandin.js'
import { startJwksStandin, type JwksStandin } from '../../../test/standins/jwksStandin.js'
import { signTelegramWebApp, widgetResult } from '../../../test/standins/telegramStandin.js'
import { customJwtServer } from '../../../plugins/custom-jwt/server.js'
import { emailServer } from '../../../plugins/email/server.js'
import { farcasterServer } from '../../../plugins/farcaster/server.js'
import { oauthServer } from '../../../plugins/oauth/server.js'
import { telegramServer } from '../../../plugins/telegram/server.js'

const BOT = '7000000001:AAFoyerTestTokenForTheStandinOnly_x'
const CALLBACK = 'http://foyer.test/api/v1/oauth/callback'
const REDIRECT_TO = 'http://localhost:5173/'
const NUL = '\u0000'
const LONE = '\ud800'

let t: TestServer
let idp: JwksStandin
let github: GithubStandin
let token: string

/** Every row the routes below could write. */
const rows = async () =>
  (
    await t.server.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM linked_accounts) + (SELECT count(*) FROM analytics_events)
        + (SELECT count(*) FROM telegram_seen_hashes) + (SELECT count(*) FROM sessions) AS n`,
    )
  )[0]!.n

/** Sends `body` (a JSON text or a value) and answers status and code. */
const send = async (path: string, body: unknown, init: { token?: string } = {}) => {
  const res = await t.request(path, { body, ...init })
  const json = (await res.json()) as { code?: string; error?: string }
  return { status: res.status, code: json.code, error: json.error }
}

beforeAll(async () => {
  idp = await startJwksStandin()
  github = await startGithubStandin()
  t = await createTestServer({
    plugins: [emailServer(), oauthServer({ callbackUrl: CALLBACK }), telegramServer(), customJwtServer(), farcasterServer()],
    app: {
      oauth: { github: github.githubConfig(), redirect_urls: [REDIRECT_TO] },
      telegram: { bot_token: BOT, bot_name: 'foyer_test_bot', seamless_auth_enabled: true },
      'custom-jwt': { public_key: idp.publicKeyPem, algorithms: ['ES256'], issuer: idp.issuer, audience: idp.audience },
      farcaster: {},
    },
  })
  token = (await t.login('edge@example.com')).token!
})
afterAll(async () => {
  await t?.close()
  await idp?.close()
  await github?.close()
})

describe('U+0000 and lone surrogates are refused at the edge with 400 invalid_data, for every route', () => {
  it.each([
    ['analytics_events, NUL in a payload value', '/api/v1/analytics_events', { event_name: 'x', client_id: 'c', payload: { a: `x${NUL}` } }, false],
    ['analytics_events, lone surrogate in a payload key', '/api/v1/analytics_events', { event_name: 'x', client_id: 'c', payload: { [`k${LONE}`]: 1 } }, false],
    ['analytics_events, NUL deep in an array', '/api/v1/analytics_events', { event_name: 'x', payload: { a: [[[{ b: [NUL] }]]] } }, false],
    ['oauth/unlink', '/api/v1/oauth/unlink', { provider: 'github', subject: `s${NUL}` }, true],
    ['oauth/unlink, lone low surrogate', '/api/v1/oauth/unlink', { provider: 'github', subject: '\udc00s' }, true],
    ['oauth/transfer', '/api/v1/oauth/transfer', { userInfo: { provider: 'github', subject: `s${LONE}`, email: null, name: null, username: null }, nonce: 'n' }, true],
    ['passwordless/init, in the e-mail', '/api/v1/passwordless/init', { email: `a${NUL}@example.com` }, false],
    ['an unknown field nobody reads', '/api/v1/passwordless/init', { email: 'a@example.com', extra: LONE }, false],
  ])('%s', async (_name, path, body, authed) => {
    const before = await rows()
    expect(await send(path, body, authed ? { token } : {})).toMatchObject({ status: 400, code: 'invalid_data' })
    expect(await rows()).toBe(before)
  })

  it('telegram/authenticate with validly signed widget data holding NUL or a lone surrogate', async () => {
    const before = await rows()
    for (const first_name of [`Ada${NUL}`, `Ada${LONE}`]) {
      const result = widgetResult({ id: 5001, first_name }, BOT)
      expect(await send('/api/v1/telegram/authenticate', { telegram_auth_result: result })).toMatchObject({ status: 400, code: 'invalid_data' })
    }
    expect(await rows()).toBe(before)
  })

  it('telegram Mini App data: a NUL escaped inside the signed `user` JSON string is refused too', async () => {
    const fields = { query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', user: JSON.stringify({ id: 5002, first_name: `Bo${NUL}` }), auth_date: String(Math.floor(Date.now() / 1000)) }
    // The body carries the six characters \u0000 inside a string: the edge looks into JSON held in strings.
    const before = await rows()
    const res = await send('/api/v1/telegram/authenticate', { telegram_web_app_data: { ...fields, hash: signTelegramWebApp(fields, BOT) } })
    expect(res).toMatchObject({ status: 400, code: 'invalid_data' })
    expect(await rows()).toBe(before)
  })

  it('a query string with %00 and a path segment with %00 are refused', async () => {
    const query = await t.request('/api/v1/users/me?x=%00', { token })
    expect([query.status, ((await query.json()) as { code: string }).code]).toEqual([400, 'invalid_data'])
    const path = await t.request('/api/v1/users/me%00', { token })
    expect([path.status, ((await path.json()) as { code: string }).code]).toEqual([400, 'invalid_data'])
  })

  it('an OAuth form_post callback with a NUL in a field is refused', async () => {
    const res = await t.server.app.request('/api/v1/oauth/callback', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'state=abc%00def&code=x',
    })
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([400, 'invalid_data'])
  })

  it('nesting deeper than any request needs is refused instead of overflowing a stack later', async () => {
    const deep = `{"event_name":"x","payload":${'['.repeat(5000)}${']'.repeat(5000)}}`
    expect(await send('/api/v1/analytics_events', deep)).toMatchObject({ status: 400, code: 'invalid_data', error: 'Data is nested too deeply' })
  })

  it('the error names no value, and good text (emoji: a surrogate pair, accents, the six characters \\u0000) passes', async () => {
    const refused = await send('/api/v1/analytics_events', { event_name: 'x', client_id: null, payload: { secret: `leak-me${NUL}` } })
    expect(refused.error).not.toContain('leak-me')
    const ok = await send('/api/v1/analytics_events', { event_name: 'ok', client_id: null, payload: { a: 'ünïcødé 🎉 \\u0000' } })
    expect(ok.status).toBe(200)
    const [row] = await t.server.db.query<{ payload: { a: string } }>(`SELECT payload FROM analytics_events WHERE event_name = 'ok'`)
    expect(row!.payload.a).toBe('ünïcødé 🎉 \\u0000')
  })

  it('over real HTTP, a NUL in a header a route reads (farcaster-channel-token) never reaches a route', async () => {
    const listener = await t.server.listen(0, '127.0.0.1')
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(listener.port, '127.0.0.1', () => {
          socket.write(
            `GET /api/v1/farcaster/status HTTP/1.1\r\nHost: x\r\nfoyer-app-id: ${t.appId}\r\nfarcaster-channel-token: ab\u0000cd\r\nConnection: close\r\n\r\n`,
          )
        })
        let data = ''
        socket.on('data', (d) => (data += d))
        socket.on('end', () => resolve(data))
        socket.on('error', reject)
      })
      // Node's parser refuses the header itself; in no case is it a 5xx.
      expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /)
    } finally {
      await listener.close()
    }
  })
})

describe('values decoded after the edge still never reach SQL with NUL: a declared 4xx, never 500', () => {
  it('custom_jwt_account/authenticate with a validly signed token whose sub holds NUL or a lone surrogate', async () => {
    const before = await rows()
    for (const sub of [`alice${NUL}`, `alice${LONE}`]) {
      const res = await send('/api/v1/custom_jwt_account/authenticate', { token: await idp.sign({ sub }) })
      expect(res).toMatchObject({ status: 400, code: 'invalid_data' })
    }
    expect(await rows()).toBe(before)
    // The same provider's ordinary token still logs in.
    expect((await send('/api/v1/custom_jwt_account/authenticate', { token: await idp.sign({ sub: 'alice' }) })).status).toBe(200)
  })

  it('OAuth userinfo with a NUL in the name: the callback answers 400, stores nothing, and no code is issued', async () => {
    github.user = { ...github.user, id: 777, name: `Octo${NUL}Cat` }
    const verifier = randomBytes(36).toString('base64url')
    const state = randomBytes(36).toString('base64url')
    const init = await t.request('/api/v1/oauth/init', {
      body: { provider: 'github', redirect_to: REDIRECT_TO, code_challenge: createHash('sha256').update(verifier).digest('base64url'), state_code: state },
    })
    expect(init.status).toBe(200)
    const authorize = await fetch(((await init.json()) as { url: string }).url, { redirect: 'manual' })
    const callback = authorize.headers.get('location')!
    expect(callback.startsWith(CALLBACK)).toBe(true)
    const res = await t.request(callback.slice('http://foyer.test'.length), { noAppId: true })
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([400, 'invalid_data'])
    const [flow] = await t.server.db.query<{ code_hash: string | null; name: string | null }>('SELECT code_hash, name FROM oauth_flows ORDER BY id DESC LIMIT 1')
    expect(flow).toEqual({ code_hash: null, name: null })
  })
})
