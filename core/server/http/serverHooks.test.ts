import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { defineServerPlugin } from '../defineServerPlugin.js'

const order: string[] = []
const seen: { path: string; status: number }[] = []
const isInit = (req: { path: string; method: string }) => req.method === 'POST' && req.path === '/api/v1/passwordless/init'

// A maintenance switch: closes e-mail sign-in with its own code while the header says so.
const gate = defineServerPlugin({
  id: 'gate',
  errorCodes: ['signups_paused'],
  hooks: {
    before: [
      {
        matcher: isInit,
        async handler(c, ctx) {
          order.push('gate')
          if (c.req.header('x-gate') === 'closed') throw new ctx.HttpError(503, 'signups_paused', 'Sign-ups are paused')
          if (c.req.header('x-gate') === 'answer') return c.json({ answered: 'by the hook' }, 202)
        },
      },
    ],
    after: [
      {
        matcher: (req) => req.path === '/api/v1/users/me',
        async handler(c) {
          seen.push({ path: c.req.path, status: c.res.status })
          if (c.res.ok) return c.json({ ...(await c.res.clone().json()), checkedByHook: true })
        },
      },
    ],
  },
  routes() {},
})

const audit = defineServerPlugin({
  id: 'audit',
  hooks: { before: [{ matcher: isInit, handler: async () => void order.push('audit') }] },
  routes() {},
})

let t: TestServer
beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), gate, audit] })
})
afterAll(() => t.close())

describe('server hooks', () => {
  it('a before hook refuses its matched route with its declared code, and nothing is sent', async () => {
    const res = await t.request('/api/v1/passwordless/init', { body: { email: 'paused@example.com' }, headers: { 'x-gate': 'closed' } })
    expect([res.status, await res.json()]).toEqual([503, { error: 'Sign-ups are paused', code: 'signups_paused' }])
    expect(await t.outbox()).toEqual([])
  })

  it('a before hook answering a Response ends the request there', async () => {
    const res = await t.request('/api/v1/passwordless/init', { body: { email: 'early@example.com' }, headers: { 'x-gate': 'answer' } })
    expect([res.status, await res.json()]).toEqual([202, { answered: 'by the hook' }])
    expect(await t.outbox()).toEqual([])
  })

  it('runs in plugin order and leaves the routes it does not match alone', async () => {
    order.length = 0
    const res = await t.request('/api/v1/passwordless/init', { body: { email: 'open@example.com' } })
    expect(res.status).toBe(200)
    expect(order).toEqual(['gate', 'audit'])
    order.length = 0
    const config = await t.request(`/api/v1/apps/${t.appId}`, { noAppId: true })
    expect(config.status).toBe(200)
    expect(order).toEqual([])
  })

  it("an after hook sees the route's status, its error too, and may replace the answer", async () => {
    seen.length = 0
    const refused = await t.request('/api/v1/users/me')
    expect([refused.status, (await refused.json()).code]).toEqual([401, 'unauthorized'])
    const token = (await t.login('hooked@example.com')).token!
    const res = await t.request('/api/v1/users/me', { token })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ user: { linkedAccounts: [{ type: 'email', address: 'hooked@example.com' }] }, checkedByHook: true })
    expect(seen).toEqual([
      { path: '/api/v1/users/me', status: 401 },
      { path: '/api/v1/users/me', status: 200 },
    ])
  })
})
