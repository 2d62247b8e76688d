import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { startSmtpSink, type SmtpSink } from '../../../test/standins/smtpSink.js'
import type { TokenResponse } from '../../protocol/index.js'
import { defineServerPlugin } from '../defineServerPlugin.js'
import { createLogger } from './createLogger.js'

const failing = defineServerPlugin({
  id: 'failing',
  routes(app) {
    app.get('/api/v1/failing/:id', () => {
      throw new Error('boom')
    })
  },
})

const output: string[] = []
const lines = () => output.map((line) => JSON.parse(line) as Record<string, unknown>)
let sink: SmtpSink
let t: TestServer
beforeAll(async () => {
  sink = await startSmtpSink()
  // Real mail instead of the dev outbox (which prints codes to the terminal on purpose); the logger writes JSON lines here.
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void output.push(line) } })
  t = await createTestServer({ plugins: [emailServer(), failing], smtpUrl: sink.url, logger })
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

describe('request logging', () => {
  it('a login with a code and a bearer token leaves neither, nor a query string, in the log', async () => {
    const email = 'logged@example.com'
    await t.request('/api/v1/passwordless/init', { body: { email } })
    const code = /\b(\d{6})\b/.exec((await sink.waitFor(email)).text)![1]!
    const res = await t.request('/api/v1/passwordless/authenticate', { body: { email, code } })
    expect(res.status).toBe(200)
    const tokens = (await res.json()) as TokenResponse
    expect((await t.request('/api/v1/users/me', { token: tokens.token! })).status).toBe(200)
    // A code in a query string (an OAuth callback's) stays out too.
    await t.request(`/api/v1/apps/${t.appId}?code=${code}&state=query-state-secret-value`)
    const text = output.join('')
    expect(lines().filter((l) => l.route === '/api/v1/passwordless/authenticate')).toHaveLength(1)
    for (const secret of [code, tokens.token, tokens.refresh_token!, tokens.identity_token!, 'query-state-secret-value', email]) expect(text).not.toContain(secret)
  })

  it('one access line per request: method, route pattern, status, duration, request id, client ip, and nothing else', async () => {
    output.length = 0
    const res = await t.request(`/api/v1/apps/${t.appId}`, { headers: { 'x-request-id': 'trace.ABC-123_x' } })
    expect(res.headers.get('x-request-id')).toBe('trace.ABC-123_x')
    const [line, ...more] = lines()
    expect(more).toEqual([])
    expect(line).toMatchObject({ level: 30, reqId: 'trace.ABC-123_x', listener: 'api', method: 'GET', route: '/api/v1/apps/:appId', status: 200, ip: 'unknown' })
    expect(Object.keys(line!).sort()).toEqual(['hostname', 'ip', 'level', 'listener', 'method', 'ms', 'msg', 'pid', 'reqId', 'route', 'status', 'time'])
    expect(typeof line!.ms).toBe('number')
  })

  it('an X-Request-Id that is too long or holds other characters is replaced by a new one', async () => {
    for (const given of ['a'.repeat(65), 'has spaces', 'slash/ed', 'quote"d']) {
      const res = await t.request('/healthz', { headers: { 'x-request-id': given } })
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
    expect(output.join('')).not.toContain('quote')
  })

  it("the error handler's 500 line carries the request id and the route pattern", async () => {
    output.length = 0
    const res = await t.request('/api/v1/failing/secret-id-123')
    expect(res.status).toBe(500)
    const id = res.headers.get('x-request-id')
    const error = lines().find((l) => l.level === 50)
    expect(error).toMatchObject({ reqId: id, route: '/api/v1/failing/:id', msg: '[foyer] GET /api/v1/failing/:id failed: Error: boom' })
    expect(output.join('')).not.toContain('secret-id-123')
  })

  it('probes are logged at debug only', async () => {
    output.length = 0
    await t.app.request('/readyz')
    expect(lines().map((l) => [l.level, l.route])).toEqual([[20, '/readyz']])
  })

  it('redacts secret-named fields a caller hands the logger', () => {
    const captured: string[] = []
    const logger = createLogger({ destination: { write: (line: string) => void captured.push(line) } })
    logger.info('x', { authorization: 'Bearer abc', token: 'tkn-1', code: '123456', reqId: 'r1' })
    expect(JSON.parse(captured[0]!)).toMatchObject({ authorization: '[redacted]', token: '[redacted]', code: '[redacted]', reqId: 'r1' })
    expect(() => createLogger({ level: 'loud' })).toThrow('FOYER_LOG_LEVEL')
  })
})
