import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { defineServerPlugin } from '../defineServerPlugin.js'

// A plugin listener (like the wallet frame's) that catches every path: the health routes still answer first.
const frame = defineServerPlugin({
  id: 'frame',
  listeners: { wallet: (app) => void app.get('*', (c) => c.text('frame page')) },
  routes() {},
})

let t: TestServer
beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), frame] })
})
afterAll(() => t.close())

describe('/healthz and /readyz', () => {
  it('answer on every listener, without an app id, whatever the origin', async () => {
    for (const listener of Object.values(t.server.listeners)) {
      const health = await listener.request('/healthz', { headers: { origin: 'https://evil.example' } })
      expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }])
      const ready = await listener.request('/readyz')
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok', checks: { server: 'ok', pool: 'ok', database: 'ok' } }])
      expect(ready.headers.get('cache-control')).toBe('no-store')
    }
    expect(await (await t.server.listeners.wallet!.request('/elsewhere')).text()).toBe('frame page')
  })

  it('are never rate limited', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.app.request('/readyz')))
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([200]))
  })

  it('/metrics is not served on the public listeners without a token', async () => {
    expect((await t.app.request('/metrics')).status).toBe(404)
    expect((await t.app.request('/metrics', { headers: { authorization: 'Bearer anything-at-all-here' } })).status).toBe(404)
  })
})
