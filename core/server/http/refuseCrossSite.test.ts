import { Hono } from 'hono'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { defineServerPlugin } from '../defineServerPlugin.js'
import { createErrorHandler } from './errorHandler.js'
import { CROSS_SITE_MESSAGE, refuseCrossSite } from './refuseCrossSite.js'

describe('refuseCrossSite (Fetch Metadata)', () => {
  const app = new Hono()
  app.onError(createErrorHandler({ info() {}, warn() {}, error() {} }))
  app.post('/x', (c) => {
    refuseCrossSite(c)
    return c.json({ ok: true })
  })
  const send = async (site?: string) => {
    const res = await app.request('/x', { method: 'POST', headers: site === undefined ? {} : { 'sec-fetch-site': site } })
    return { status: res.status, body: await res.json() }
  }

  it('refuses Sec-Fetch-Site: cross-site (any case) with 403 cross_site_request and a text that says why', async () => {
    for (const site of ['cross-site', 'Cross-Site', ' cross-site ']) {
      expect(await send(site)).toEqual({ status: 403, body: { code: 'cross_site_request', error: CROSS_SITE_MESSAGE } })
    }
    expect(CROSS_SITE_MESSAGE).toContain('Sec-Fetch-Site: cross-site')
  })

  it('lets same-origin, same-site, none and a request without the header (a script, an older browser) through', async () => {
    for (const site of ['same-origin', 'same-site', 'none', undefined]) expect(await send(site)).toEqual({ status: 200, body: { ok: true } })
  })
})

describe("core's MFA routes refuse a cross-site request before anything is read or counted", () => {
  let checks = 0
  const stub = defineServerPlugin({
    id: 'stub-mfa',
    mfa: {
      method: 'totp',
      enrolled: async () => true,
      answer: v.string(),
      async verify(_caller, answer) {
        checks++
        return answer === '424242'
      },
    },
    routes() {},
  })
  let t: TestServer
  beforeAll(async () => {
    t = await createTestServer({ plugins: [emailServer(), stub], app: { mfa_methods: ['totp'] } })
  })
  afterAll(() => t.close())

  it('init, verify and cancel answer 403 cross_site_request; the challenge and the limits stay as they were', async () => {
    const { token, user } = await t.login('cross@example.com')
    const post = async (path: string, body: unknown, site: string) => {
      const res = await t.request(`/api/v1/mfa/${path}`, { token: token!, body, headers: { 'sec-fetch-site': site } })
      return { status: res.status, code: ((await res.json()) as { code?: string }).code }
    }
    expect((await post('init', { method: 'totp' }, 'same-site')).status).toBe(200)
    const state = async () => ({
      challenge: await t.server.db.query('SELECT attempts, created_at FROM mfa_challenges WHERE user_id = $1', [user.id]),
      limits: await t.server.db.query('SELECT key, count FROM rate_limits WHERE key LIKE $1 ORDER BY key', [`%${user.id}`]),
    })
    const before = await state()
    for (const [path, body] of [['init', { method: 'totp' }], ['verify', { method: 'totp', code: '424242' }], ['cancel', {}]] as const) {
      expect(await post(path, body, 'cross-site')).toEqual({ status: 403, code: 'cross_site_request' })
    }
    expect(checks).toBe(0)
    expect(await state()).toEqual(before)
    // The same verification from the app's own site passes.
    expect(await post('verify', { method: 'totp', code: '424242' }, 'same-origin')).toEqual({ status: 200, code: undefined })
  })
})
