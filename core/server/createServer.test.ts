import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ServerAppConfigSchema } from '../protocol/index.js'
import { TEST_ORIGIN, createTestServer } from '../../test/kit/createTestServer.js'
import type { TestServer } from '../../test/kit/createTestServer.js'
import { createServer } from './createServer.js'

let t: TestServer
const rows = async () =>
  (await t.server.db.query<{ n: number }>('SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM email_codes) + (SELECT count(*) FROM sessions) AS n'))[0]!.n
const init = (init: Parameters<TestServer['request']>[1]) => t.request('/api/v1/passwordless/init', init)

beforeAll(async () => {
  t = await createTestServer()
})
afterAll(() => t.close())

describe('app config', () => {
  it('GET /apps/:id answers a full ServerAppConfig with the public key as SPKI PEM', async () => {
    const res = await t.request(`/api/v1/apps/${t.appId}`, { noAppId: true })
    expect(res.status).toBe(200)
    const config = v.parse(ServerAppConfigSchema, await res.json())
    expect(config).toMatchObject({ id: t.appId, name: 'Test App', email_auth: true, sms_auth: false })
    expect(config.verification_key).toMatch(/^-----BEGIN PUBLIC KEY-----/)
    expect(config).not.toHaveProperty('allowed_origins')
  })

  it('unknown app is 404 not_found, a badly sized id is 400 invalid_app_id', async () => {
    const unknown = await t.request('/api/v1/apps/zzzzzzzzzzzzzzzzzzzzzzzzz', { noAppId: true })
    expect([unknown.status, (await unknown.json()).code]).toEqual([404, 'not_found'])
    const bad = await t.request('/api/v1/apps/short', { noAppId: true })
    expect([bad.status, (await bad.json()).code]).toEqual([400, 'invalid_app_id'])
  })

  it('dev mode adds the dev app', async () => {
    const res = await t.request('/api/v1/apps/foyer_dev_app_00000000001', { noAppId: true })
    expect((await res.json()).email_auth).toBe(true)
  })
})

describe('bad input never changes anything', () => {
  it.each([
    ['malformed JSON', { body: '{"email": ' }, 400, 'invalid_data'],
    ['wrong type', { body: { email: 42 } }, 400, 'invalid_data'],
    ['array body', { body: [1, 2] }, 400, 'invalid_data'],
    ['missing app header', { body: { email: 'a@example.com' }, noAppId: true }, 400, 'invalid_app_id'],
    ['unknown app', { body: { email: 'a@example.com' }, headers: { 'foyer-app-id': 'x'.repeat(25) } }, 400, 'invalid_app_id'],
    ['foreign origin', { body: { email: 'a@example.com' }, headers: { origin: 'https://evil.example' } }, 403, 'invalid_origin'],
    ['huge body', { body: { email: 'a@example.com', pad: 'x'.repeat(200_000) } }, 413, 'payload_too_large'],
  ] as const)('%s → %i %s', async (_name, req, status, code) => {
    const before = await rows()
    const res = await init(req as never)
    expect(res.status).toBe(status)
    const body = await res.json()
    expect(body).toEqual({ error: expect.any(String), code })
    expect(await rows()).toBe(before)
  })

  it('unknown route is 404 not_found', async () => {
    const res = await t.request('/api/v1/nothing-here')
    expect([res.status, (await res.json()).code]).toEqual([404, 'not_found'])
  })

  it('a message names the field and never echoes the value', async () => {
    const body = await (await init({ body: { email: 'leak-me-please' } })).json()
    expect(body.error).toMatch(/^email: /)
    expect(body.error).not.toContain('leak-me')
  })
})

describe('CORS', () => {
  it('echoes an allowed origin with credentials, and answers preflights', async () => {
    const ok = await init({ body: { email: 'cors@example.com' }, headers: { origin: TEST_ORIGIN } })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true')
    const pre = await t.request('/api/v1/passwordless/init', {
      method: 'OPTIONS',
      headers: { origin: TEST_ORIGIN, 'access-control-request-method': 'POST' },
    })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-headers')).toContain('foyer-app-id')
    const denied = await t.request('/api/v1/passwordless/init', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } })
    expect(denied.headers.get('access-control-allow-origin')).toBeNull()
  })

  it("lets a page its app doesn't allow read why from the app config (origin and setting named), and nothing else", async () => {
    const origin = 'http://localhost:3000'
    const pre = await t.request(`/api/v1/apps/${t.appId}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } })
    expect(pre.status).toBe(204)
    const res = await t.request(`/api/v1/apps/${t.appId}`, { headers: { origin } })
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).toBe(origin)
    const body = (await res.json()) as { code: string; error: string; id?: string }
    expect(body.code).toBe('invalid_origin')
    expect(body.error).toBe(`Origin ${origin} is not allowed for app ${t.appId}. Add it to the app's allowed_origins in the server's apps config.`)
    // The config itself is not in the refusal.
    expect(body.id).toBeUndefined()
    // Other routes stay closed to that origin, preflight and request alike.
    const other = await init({ body: { email: 'x@example.com' }, headers: { origin } })
    expect(other.status).toBe(403)
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('analytics and dev outbox', () => {
  it('stores an analytics event', async () => {
    const res = await t.request('/api/v1/analytics_events', {
      body: { event_name: 'sdk_initialize', client_id: 'c1', payload: { clientTimestamp: 'now' } },
    })
    expect(await res.json()).toEqual({ success: true })
    const [row] = await t.server.db.query<{ event_name: string }>('SELECT event_name FROM analytics_events')
    expect(row!.event_name).toBe('sdk_initialize')
    expect((await t.request('/api/v1/analytics_events', { body: { client_id: null } })).status).toBe(400)
  })

  it("stores the kernel's own events with their payload and app id", async () => {
    const payload = { loginMethod: 'email', intent: 'login', isNewUser: true, clientTimestamp: '2024-01-01T00:00:00.000Z' }
    const res = await t.request('/api/v1/analytics_events', { body: { event_name: 'login_succeeded', client_id: null, payload } })
    expect(res.status).toBe(200)
    const [row] = await t.server.db.query<{ app_id: string; client_id: string | null; payload: unknown }>(
      "SELECT app_id, client_id, payload FROM analytics_events WHERE event_name = 'login_succeeded'",
    )
    expect(row).toEqual({ app_id: t.appId, client_id: null, payload })
  })

  it('lists mail newest first as JSON and as an HTML page', async () => {
    await init({ body: { email: 'first@example.com' } })
    await init({ body: { email: 'second@example.com' } })
    const list = await t.outbox()
    expect(list.slice(0, 2).map((m) => m.to)).toEqual(['second@example.com', 'first@example.com'])
    expect(Object.keys(list[0]!)).toEqual(expect.arrayContaining(['to', 'subject', 'text', 'code']))
    const html = await t.app.request('/dev/outbox', { headers: { accept: 'text/html' } })
    expect(html.headers.get('content-type')).toContain('text/html')
    expect(await html.text()).toContain(list[0]!.code!)
  })

  it('has no /dev routes outside dev mode', async () => {
    const prod = await createServer({ dataDir: ':memory:', databaseUrl: '', dev: false, smtpUrl: 'smtp://127.0.0.1:1', apps: [] })
    try {
      expect((await prod.app.request('/dev/outbox')).status).toBe(404)
    } finally {
      await prod.close()
    }
  })
})

describe('configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-config-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('a wrong field names its path and the file', async () => {
    const file = join(dir, 'foyer.config.json')
    writeFileSync(file, JSON.stringify({ apps: [{ id: 'a'.repeat(25), name: 'A', allowed_origins: 'http://x' }] }))
    await expect(createServer({ configFile: file, dataDir: ':memory:', databaseUrl: '' })).rejects.toThrow(
      `${file}: apps[0].allowed_origins: Invalid type`,
    )
    writeFileSync(file, JSON.stringify({ apps: [{ id: 'short', name: 'A', allowed_origins: [] }] }))
    await expect(createServer({ configFile: file, dataDir: ':memory:', databaseUrl: '' })).rejects.toThrow('apps[0].id')
    writeFileSync(file, JSON.stringify({ apps: [{ id: 'a'.repeat(25), name: 'A', allowed_origins: [], emial_auth: true }] }))
    await expect(createServer({ configFile: file, dataDir: ':memory:', databaseUrl: '' })).rejects.toThrow('apps[0].emial_auth')
  })

  it('production without SMTP refuses to start', async () => {
    await expect(createServer({ dev: false, smtpUrl: '', dataDir: ':memory:', databaseUrl: '' })).rejects.toThrow(/SMTP_URL/)
  })

  it("lists the plugins' frame halves for the wallet frame, and refuses a frame event two plugins declare", async () => {
    const half = (id: string, events: string[]) => ({ id, routes: () => {}, frame: { events, entry: `/plugins/${id}/frame.ts` } })
    const server = await createServer({ dataDir: ':memory:', databaseUrl: '', plugins: [half('a', ['foyer:a:sign']), { id: 'b', routes: () => {} }] })
    expect(server.ctx.frameHalves).toEqual([{ id: 'a', events: ['foyer:a:sign'], entry: '/plugins/a/frame.ts' }])
    await server.close()
    await expect(createServer({ dataDir: ':memory:', databaseUrl: '', plugins: [half('a', ['foyer:x:sign']), half('b', ['foyer:x:sign'])] })).rejects.toThrow(
      'Server plugin "b": frame event "foyer:x:sign" is already "a"\'s',
    )
  })

  it('refuses a recovery method two plugins declare (the recovery page would load one at random)', async () => {
    const method = (id: string) => ({ id, routes: () => {}, frame: { events: [], entry: `/plugins/${id}/frame.ts`, recovery: { methods: ['user-passcode'] } } })
    await expect(createServer({ dataDir: ':memory:', databaseUrl: '', plugins: [method('a'), method('b')] })).rejects.toThrow(
      'Server plugin "b": recovery method "user-passcode" is already "a"\'s',
    )
  })

  it('refuses an access token lifetime over one hour', async () => {
    await expect(createServer({ accessTokenTtlSeconds: 7200, dataDir: ':memory:' })).rejects.toThrow(/accessTokenTtlSeconds/)
  })
})
