import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { createServer } from '../createServer.js'
import { defineServerPlugin } from '../defineServerPlugin.js'

const TOKEN = 'metrics-token-0123456789'

// Counts with ctx.metrics and spends a tiny rate-limit rule, as a plugin would.
const counting = defineServerPlugin({
  id: 'counting',
  rateLimits: { 'counting.tiny': { limit: 1, windowSeconds: 60 } },
  routes(app, ctx) {
    const done = ctx.metrics.counter({ name: 'foyer_counting_done_total', help: 'Things counted', labelNames: ['kind'] })
    app.post('/api/v1/counting/:thing', async (c) => {
      await ctx.enforceRateLimit('counting.tiny', c.req.param('thing'))
      done.inc({ kind: 'thing' })
      return c.json({ ok: true })
    })
  },
})

let t: TestServer
beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), counting], metricsToken: TOKEN })
})
afterAll(() => t.close())

const scrape = async (server = t) => {
  const res = await server.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/plain')
  return res.text()
}
/** The value of one series, 0 when absent. */
const value = (text: string, series: string) => Number(text.split('\n').find((line) => line.startsWith(`${series} `))?.split(' ')[1] ?? 0)

describe('/metrics', () => {
  it('answers only the bearer of the metrics token', async () => {
    expect((await t.app.request('/metrics')).status).toBe(401)
    const wrong = await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })
    expect([wrong.status, (await wrong.json()).code]).toEqual([401, 'unauthorized'])
    await scrape()
  })

  it('counts requests by route pattern and status, never by raw path', async () => {
    for (const id of ['foyer_app_aaaaaaaaaaaaaaaa1', 'foyer_app_bbbbbbbbbbbbbbbb2']) await t.request(`/api/v1/apps/${id}`)
    await t.request('/no/such/path/9f8e7d')
    const text = await scrape()
    expect(value(text, 'foyer_http_requests_total{listener="api",method="GET",route="/api/v1/apps/:appId",status="400"}')).toBe(2)
    expect(value(text, 'foyer_http_requests_total{listener="api",method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1)
    expect(text).toContain('foyer_http_request_duration_seconds_bucket{le="0.005",listener="api",method="GET",route="/api/v1/apps/:appId"}')
    expect(text).not.toMatch(/aaaaaaaa|9f8e7d/)
  })

  it('counts successful logins by method, not refused ones', async () => {
    const before = value(await scrape(), 'foyer_logins_total{method="email"}')
    await t.login('counted@example.com')
    await t.request('/api/v1/passwordless/init', { body: { email: 'wrong@example.com' } })
    const refused = await t.request('/api/v1/passwordless/authenticate', { body: { email: 'wrong@example.com', code: '000000' } })
    expect(refused.status).toBe(401)
    expect(value(await scrape(), 'foyer_logins_total{method="email"}')).toBe(before + 1)
  })

  it('counts rate-limit refusals by rule, and what plugins count', async () => {
    expect((await t.request('/api/v1/counting/a', { method: 'POST' })).status).toBe(200)
    expect((await t.request('/api/v1/counting/a', { method: 'POST' })).status).toBe(429)
    const text = await scrape()
    expect(value(text, 'foyer_rate_limit_refusals_total{rule="counting.tiny"}')).toBe(1)
    expect(value(text, 'foyer_counting_done_total{kind="thing"}')).toBe(1)
    expect(value(text, 'foyer_http_requests_total{listener="api",method="POST",route="/api/v1/counting/:thing",status="429"}')).toBe(1)
  })

  it('shows the database pool and the process', async () => {
    const text = await scrape()
    expect(value(text, 'foyer_db_available')).toBe(1)
    expect(value(text, 'foyer_db_pool_max')).toBeGreaterThanOrEqual(1)
    expect(text).toMatch(/^foyer_db_pool_(total|idle|waiting) \d+$/m)
    expect(text).toMatch(/^foyer_db_pool_errors_total 0$/m)
    expect(text).toMatch(/^process_cpu_user_seconds_total /m)
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m)
  })

  it('a plugin counter: the same definition again is the same counter; a clash, a core name or a bad name throws', () => {
    const metrics = t.server.ctx.metrics
    const definition = { name: 'foyer_counting_done_total', help: 'Things counted', labelNames: ['kind'] }
    expect(metrics.counter(definition)).toBe(metrics.counter({ ...definition }))
    expect(() => metrics.counter({ ...definition, labelNames: ['other'] })).toThrow('already registered')
    expect(() => metrics.counter({ name: 'foyer_logins_total', help: 'x' })).toThrow("core's")
    expect(() => metrics.counter({ name: 'logins', help: 'x' })).toThrow('foyer_<snake_case>_total')
  })

  it('a metrics listener of its own, on 127.0.0.1, with its own registry per server', async () => {
    const other = await createTestServer({ metricsPort: 0 })
    try {
      const listening = await other.server.listenAll({ api: 0 })
      expect(listening.metrics!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const res = await fetch(`${listening.metrics!.url}/metrics`)
      expect(res.status).toBe(200)
      const text = await res.text()
      // This server answered no login: the first server's count is not here.
      expect(value(text, 'foyer_logins_total{method="email"}')).toBe(0)
      expect((await fetch(`${listening.metrics!.url}/readyz`)).status).toBe(200)
      expect((await fetch(`${listening.api!.url}/metrics`)).status).toBe(404)
    } finally {
      await other.close()
    }
  })

  it('a short metrics token or a bad port stops the start, before any database is opened', async () => {
    await expect(createServer({ dev: true, metricsToken: 'short' })).rejects.toThrow('at least 16 characters')
    await expect(createServer({ dev: true, metricsPort: 70000 })).rejects.toThrow('must be a port number')
  })
})
