import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { startTurnstileStandin, type TurnstileStandin } from '../../test/standins/turnstileStandin.js'
import { emailServer } from '../email/server.js'
import { guestServer } from '../guest/server.js'
import { createGuestCredential } from '../guest/index.js'
import { captchaTurnstileServer, siteverify } from './server.js'

const SITE_KEY = 't:0x4AAAAAAAstandin'
let standin: TurnstileStandin
let server: TestServer
const logs: string[] = []
const logger = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), error: (m: string) => logs.push(m) }

const section = () => ({ site_key: SITE_KEY, secret_key: standin.secret, siteverify_url: standin.siteverifyUrl, script_url: standin.scriptUrl })
const init = (email: string, token?: unknown) => server.request('/api/v1/passwordless/init', { body: token === undefined ? { email } : { email, token } })
const sentTo = async (email: string) => (await server.outbox()).filter((e) => e.to === email).length
const userCount = async (s: TestServer) => Number((await s.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n)

beforeAll(async () => {
  standin = await startTurnstileStandin()
  server = await createTestServer({
    logger,
    plugins: [emailServer(), guestServer(), captchaTurnstileServer()],
    app: { guest: true, 'captcha-turnstile': section() },
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await standin?.close()
})

describe('Turnstile captcha on the server', () => {
  it('publishes captcha_enabled, the site key and the script URL, never the secret', async () => {
    const config = await (await server.request(`/api/v1/apps/${server.appId}`)).json()
    expect(config.captcha_enabled).toBe(true)
    expect(config.captcha_site_key).toBe(SITE_KEY)
    expect(config.turnstile_script_url).toBe(standin.scriptUrl)
    expect(JSON.stringify(config)).not.toContain(standin.secret)
  })

  it('e-mail init without a token → 400 invalid_captcha and no code is sent', async () => {
    for (const token of [undefined, null, '']) {
      const res = await init('no.token@example.com', token)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: 'Invalid captcha', code: 'invalid_captcha' })
    }
    expect(await sentTo('no.token@example.com')).toBe(0)
  })

  it('a token siteverify accepts lets the code go out; siteverify got the secret, the token and a UUID idempotency key', async () => {
    const token = standin.mint()
    const before = standin.verifications.length
    const res = await init('pass@example.com', token)
    expect(res.status).toBe(200)
    expect(await sentTo('pass@example.com')).toBe(1)
    const call = standin.verifications[before]!
    expect(call).toMatchObject({ response: token, secret: standin.secret })
    expect(call.idempotency_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  })

  it('a replayed token is refused locally, before siteverify is asked again', async () => {
    const token = standin.mint()
    expect((await init('replay@example.com', token)).status).toBe(200)
    const before = standin.verifications.length
    const res = await init('replay@example.com', token)
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('invalid_captcha')
    expect(standin.verifications.length).toBe(before)
    expect(await sentTo('replay@example.com')).toBe(1)
  })

  it('parallel requests with one token: exactly one passes', async () => {
    const token = standin.mint()
    const answers = await Promise.all([1, 2, 3].map((i) => init(`parallel${i}@example.com`, token)))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400])
  })

  it('an unknown token, a too-long token and a token older than 300 s are refused', async () => {
    expect((await init('bad@example.com', 'XXXX.DUMMY.not-a-real-token')).status).toBe(400)
    const before = standin.verifications.length
    expect((await init('bad@example.com', 'x'.repeat(3000))).status).toBe(400)
    expect(standin.verifications.length).toBe(before)
    const old = standin.mint()
    standin.advance(301_000)
    try {
      expect((await init('bad@example.com', old)).status).toBe(400)
    } finally {
      standin.advance(-301_000)
    }
    expect(await sentTo('bad@example.com')).toBe(0)
  })

  it('siteverify down → fails closed, and the log names no token', async () => {
    const token = standin.mint()
    standin.down = true
    try {
      const res = await init('down@example.com', token)
      expect(res.status).toBe(400)
      expect((await res.json()).code).toBe('invalid_captcha')
    } finally {
      standin.down = false
    }
    expect(await sentTo('down@example.com')).toBe(0)
    expect(logs.some((l) => l.includes('captcha verification') && l.includes('503'))).toBe(true)
    expect(logs.join('\n')).not.toContain(token)
    expect(logs.join('\n')).not.toContain(standin.secret)
  })

  it('guest creation needs a token too: none → invalid_captcha and no user; a good one → a guest', async () => {
    const users = await userCount(server)
    const credential = createGuestCredential()
    const refused = await server.request('/api/v1/guest/authenticate', { body: { guest_credential: credential } })
    expect(refused.status).toBe(400)
    expect((await refused.json()).code).toBe('invalid_captcha')
    expect(await userCount(server)).toBe(users)
    const ok = await server.request('/api/v1/guest/authenticate', { body: { guest_credential: credential, captcha_token: standin.mint() } })
    expect(ok.status).toBe(200)
    expect((await ok.json()).user.isGuest).toBe(true)
    expect(await userCount(server)).toBe(users + 1)
  })

  it('a wrong secret or an unreachable siteverify fail closed', async () => {
    for (const overrides of [{ secret_key: 'wrong-secret' }, { siteverify_url: 'http://127.0.0.1:1/turnstile/v0/siteverify' }]) {
      const other = await createTestServer({ logger, plugins: [emailServer(), captchaTurnstileServer()], app: { 'captcha-turnstile': { ...section(), ...overrides } } })
      try {
        const res = await other.request('/api/v1/passwordless/init', { body: { email: 'other@example.com', token: standin.mint() } })
        expect(res.status).toBe(400)
        expect((await res.json()).code).toBe('invalid_captcha')
        expect((await other.outbox()).length).toBe(0)
      } finally {
        await other.close()
      }
    }
  })

  it('captcha_enabled without any captcha verifier plugin fails closed', async () => {
    const other = await createTestServer({ logger, plugins: [emailServer()], app: { captcha_enabled: true, captcha_site_key: SITE_KEY } })
    try {
      const res = await other.request('/api/v1/passwordless/init', { body: { email: 'nov@example.com', token: standin.mint() } })
      expect(res.status).toBe(400)
      expect((await other.outbox()).length).toBe(0)
    } finally {
      await other.close()
    }
  })

  it('with captcha off (no section) init and guest creation work without a token', async () => {
    const other = await createTestServer({ logger, plugins: [emailServer(), guestServer(), captchaTurnstileServer()], app: { guest: true } })
    try {
      const config = await (await other.request(`/api/v1/apps/${other.appId}`)).json()
      expect(config.captcha_enabled).toBe(false)
      expect((await other.request('/api/v1/passwordless/init', { body: { email: 'off@example.com' } })).status).toBe(200)
      expect((await other.request('/api/v1/guest/authenticate', { body: { guest_credential: createGuestCredential() } })).status).toBe(200)
    } finally {
      await other.close()
    }
  })
})

describe('siteverify()', () => {
  const answer = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch
  const s = { site_key: SITE_KEY, secret_key: 'sec' }
  const input = { token: 'tok', remoteIp: '127.0.0.1', idempotencyKey: 'k' }
  const now = Date.parse('2030-01-01T00:10:00Z')

  it('passes only success: true with a challenge_ts at most 300 s old', async () => {
    const ok = { success: true, challenge_ts: '2030-01-01T00:05:30Z', hostname: 'localhost' }
    expect((await siteverify(s, input, { fetch: answer(200, ok), now: () => now })).success).toBe(true)
    expect((await siteverify(s, input, { fetch: answer(200, { ...ok, challenge_ts: '2030-01-01T00:04:59Z' }), now: () => now })).success).toBe(false)
    expect((await siteverify(s, input, { fetch: answer(200, { success: true }), now: () => now })).success).toBe(false)
    expect(await siteverify(s, input, { fetch: answer(200, { success: false, 'error-codes': ['invalid-input-response'] }), now: () => now })).toEqual({
      success: false,
      errorCodes: ['invalid-input-response'],
    })
  })

  it('throws (→ fail closed) on 5xx, a malformed body or a network error, without the token in the message', async () => {
    await expect(siteverify(s, input, { fetch: answer(500, {}) })).rejects.toThrow('HTTP 500')
    await expect(siteverify(s, input, { fetch: answer(200, { nope: 1 }) })).rejects.toThrow('unexpected answer')
    const failing = (async () => {
      throw new TypeError('fetch failed')
    }) as typeof fetch
    const error = await siteverify(s, input, { fetch: failing }).catch((e: Error) => e)
    expect(String(error)).not.toContain('tok')
  })
})
