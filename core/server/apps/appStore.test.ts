import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../../plugins/email/server.js'
import { createTestServer, TEST_APP_ID, TEST_ORIGIN, type TestServer } from '../../../test/kit/createTestServer.js'
import { APP_SECRET_PLACEHOLDER } from '../AppStore.js'
import { HttpError } from '../HttpError.js'
import { secretProbePlugin } from './secretProbePlugin.js'

// The app store on one instance (PGlite): changes apply at once, validation refuses like the config, secrets stay sealed.
let t: TestServer
const API_KEY = 'probe-api-key-0123456789'
const HOOK_TOKEN = 'hook-token-abcdefghijkl'
const store = () => t.server.ctx.appStore
const publicConfig = (id: string) => t.app.request(`/api/v1/apps/${id}`)
const revisionCounter = async () => (await t.server.db.query<{ revision: number }>('SELECT revision FROM apps_revision'))[0]!.revision
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e)
  expect(error).toBeInstanceOf(HttpError)
  return error as HttpError
}
const baseEntry = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: 'Stored app', allowed_origins: ['https://stored.example.com'], email_auth: true, ...extra })

beforeAll(async () => {
  t = await createTestServer({
    plugins: [emailServer(), secretProbePlugin()],
    app: { probe: { api_key: API_KEY, hooks: { main: { token: HOOK_TOKEN, url: 'https://hooks.example.com' } } } },
  })
})
afterAll(() => t?.close())

describe('the config seeds the store', () => {
  it('the test app and the dev app are rows of source config, served from the database', async () => {
    const rows = await t.server.db.query<{ id: string; source: string; seed_hash: string | null; revision: number }>('SELECT id, source, seed_hash, revision FROM apps ORDER BY id')
    expect(rows.map((r) => [r.id, r.source, r.revision])).toEqual([
      ['foyer_dev_app_00000000001', 'config', 1],
      [TEST_APP_ID, 'config', 1],
    ])
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.seed_hash ?? ''))).toBe(true)
    expect((await publicConfig(TEST_APP_ID)).status).toBe(200)
  })
})

describe('changes through ctx.appStore apply at once, without a restart', () => {
  it('create, update, delete show on the public config route at once', async () => {
    const id = 'store_app_000000000000001'
    expect((await publicConfig(id)).status).toBe(404)
    const created = await store().create(baseEntry(id), 'admin:alice')
    expect(created).toMatchObject({ id, name: 'Stored app', source: 'console', revision: 1 })
    const shown = (await (await publicConfig(id)).json()) as Record<string, unknown>
    expect(shown).toMatchObject({ id, name: 'Stored app', email_auth: true })

    const updated = await store().update(id, baseEntry(id, { name: 'Renamed', sms_auth: true }), 1, 'admin:alice')
    expect(updated.revision).toBe(2)
    expect(await (await publicConfig(id)).json()).toMatchObject({ name: 'Renamed', sms_auth: true })
    expect(t.server.ctx.apps.get(id)?.name).toBe('Renamed')

    await store().delete(id, 'admin:alice')
    expect((await publicConfig(id)).status).toBe(404)
    expect(t.server.ctx.apps.get(id)).toBeUndefined()
    expect(await store().get(id)).toBeNull()
  })

  it('audits app.created / app.updated / app.deleted with the actor and the changed keys', async () => {
    const id = 'store_app_000000000000002'
    await store().create(baseEntry(id), 'admin:bob')
    await store().update(id, baseEntry(id, { name: 'Two' }), 1, 'admin:bob')
    await store().delete(id, 'admin:bob')
    const rows = await t.server.ctx.audit.list({ appId: id, limit: 10 })
    expect(rows.map((r) => [r.event, r.actor])).toEqual([
      ['app.deleted', 'admin:bob'],
      ['app.updated', 'admin:bob'],
      ['app.created', 'admin:bob'],
    ])
    expect(rows.find((r) => r.event === 'app.updated')!.data).toEqual({ changed: ['name'] })
    expect(rows.find((r) => r.event === 'app.created')!.data).toEqual({ changed: ['allowed_origins', 'email_auth', 'id', 'name'] })
  })

  it('create without an id gets a new 25-character id', async () => {
    const { id: _, ...entry } = baseEntry('x')
    const created = await store().create(entry, 'admin:alice')
    expect(created.id).toMatch(/^[a-z2-7]{25}$/)
    expect((await publicConfig(created.id)).status).toBe(200)
    await store().delete(created.id, 'admin:alice')
  })

  it('the revision counter moves with every change, a deletion too', async () => {
    const before = await revisionCounter()
    const id = 'store_app_000000000000003'
    await store().create(baseEntry(id), 'admin:alice')
    await store().delete(id, 'admin:alice')
    expect(await revisionCounter()).toBe(before + 2)
  })
})

describe('refusals change nothing', () => {
  it('an invalid entry: 400 invalid_app_config naming the field, nothing stored', async () => {
    const id = 'store_app_000000000000004'
    const before = await revisionCounter()
    const cases: [Record<string, unknown>, RegExp][] = [
      [baseEntry(id, { allowed_origins: ['not a url'] }), /^allowed_origins\[0\]: /],
      [baseEntry(id, { colour: 'red' }), /^colour: /],
      [baseEntry(id, { probe: { api_key: 'short' } }), /^probe\.api_key: /],
      [baseEntry(id, { session_cookies: { secure: false } }), /^session_cookies\.secure: /],
      [{ ...baseEntry(id), id: 'too_short' }, /^id: /],
    ]
    for (const [entry, message] of cases) {
      const error = await refusal(store().create(entry, 'admin:alice'))
      expect([error.status, error.code], JSON.stringify(entry)).toEqual([400, 'invalid_app_config'])
      expect(error.message).toMatch(message)
    }
    expect(await store().get(id)).toBeNull()
    expect(await revisionCounter()).toBe(before)
  })

  it("a secret field's refusal never quotes the secret", async () => {
    const error = await refusal(store().create(baseEntry('store_app_000000000000005', { probe: { api_key: 12345678 } }), 'admin:alice'))
    expect(error.message).toMatch(/^probe\.api_key: /)
    expect(error.message).not.toContain('12345678')
  })

  it('an invalid update keeps the stored entry; a stale revision is 409 app_changed; unknown ids 404; an existing id 409', async () => {
    const id = 'store_app_000000000000006'
    await store().create(baseEntry(id), 'admin:alice')
    const bad = await refusal(store().update(id, baseEntry(id, { allowed_origins: 'nope' }), 1, 'admin:alice'))
    expect([bad.status, bad.code]).toEqual([400, 'invalid_app_config'])
    await store().update(id, baseEntry(id, { name: 'Once' }), 1, 'admin:alice')
    const stale = await refusal(store().update(id, baseEntry(id, { name: 'Twice' }), 1, 'admin:bob'))
    expect([stale.status, stale.code]).toEqual([409, 'app_changed'])
    expect(await store().get(id)).toMatchObject({ name: 'Once', revision: 2 })
    expect(t.server.ctx.apps.get(id)?.name).toBe('Once')

    const exists = await refusal(store().create(baseEntry(id), 'admin:alice'))
    expect([exists.status, exists.code]).toEqual([409, 'app_exists'])
    const other = 'store_app_000000000000099'
    for (const missing of [store().update(other, baseEntry(other), 1, 'admin:alice'), store().delete(other, 'admin:alice')]) {
      const error = await refusal(missing)
      expect([error.status, error.code]).toEqual([404, 'app_not_found'])
    }
    const renamed = await refusal(store().update(id, baseEntry(other), 2, 'admin:alice'))
    expect([renamed.status, renamed.code]).toEqual([400, 'invalid_app_config'])
    await store().delete(id, 'admin:alice')
  })
})

describe('secret fields are sealed', () => {
  it('the table holds no plaintext; list and get answer placeholders; the plugin sees the real values', async () => {
    const [row] = await t.server.db.query<{ entry: unknown; seed_hash: string }>('SELECT entry, seed_hash FROM apps WHERE id = $1', [TEST_APP_ID])
    const raw = JSON.stringify(row)
    expect(raw).not.toContain(API_KEY)
    expect(raw).not.toContain(HOOK_TOKEN)
    expect(raw).toContain('https://hooks.example.com')
    expect((row!.entry as { probe: { api_key: unknown } }).probe.api_key).toEqual({ $sealed: expect.any(String) })

    const stored = (await store().get(TEST_APP_ID))!
    expect(stored.entry.probe).toEqual({ api_key: APP_SECRET_PLACEHOLDER, hooks: { main: { token: APP_SECRET_PLACEHOLDER, url: 'https://hooks.example.com' } } })
    expect(JSON.stringify(await store().list())).not.toContain(API_KEY)
    expect(t.server.ctx.apps.get(TEST_APP_ID)!.plugins.probe).toEqual({ api_key: API_KEY, hooks: { main: { token: HOOK_TOKEN, url: 'https://hooks.example.com' } } })
  })

  it('an update sending the placeholders back keeps the secrets; a new value is sealed and used', async () => {
    const before = (await store().get(TEST_APP_ID))!
    const sealedBefore = (await t.server.db.query<{ entry: { probe: { api_key: unknown } } }>('SELECT entry FROM apps WHERE id = $1', [TEST_APP_ID]))[0]!.entry.probe.api_key
    const kept = await store().update(TEST_APP_ID, { ...before.entry, name: 'Test App (renamed)' }, before.revision, 'admin:alice')
    expect(kept.entry.probe).toEqual(before.entry.probe)
    expect(t.server.ctx.apps.get(TEST_APP_ID)!.plugins.probe).toMatchObject({ api_key: API_KEY, hooks: { main: { token: HOOK_TOKEN } } })
    const sealedAfter = (await t.server.db.query<{ entry: { probe: { api_key: unknown } } }>('SELECT entry FROM apps WHERE id = $1', [TEST_APP_ID]))[0]!.entry.probe.api_key
    expect(sealedAfter).toEqual(sealedBefore)
    const audit = await t.server.ctx.audit.list({ appId: TEST_APP_ID, event: 'app.updated', limit: 1 })
    expect(audit[0]!.data).toEqual({ changed: ['name'] })

    const newKey = 'a-brand-new-api-key-42'
    const probe = { ...(kept.entry.probe as Record<string, unknown>), api_key: newKey }
    await store().update(TEST_APP_ID, { ...kept.entry, probe }, kept.revision, 'admin:alice')
    expect(t.server.ctx.apps.get(TEST_APP_ID)!.plugins.probe).toMatchObject({ api_key: newKey, hooks: { main: { token: HOOK_TOKEN } } })
    expect(JSON.stringify(await t.server.db.query('SELECT entry FROM apps'))).not.toContain(newKey)
    expect((await store().get(TEST_APP_ID))!.entry.probe).toMatchObject({ api_key: APP_SECRET_PLACEHOLDER })
    expect((await t.server.ctx.audit.list({ appId: TEST_APP_ID, event: 'app.updated', limit: 1 }))[0]!.data).toEqual({ changed: ['probe'] })
  })

  it('a placeholder with no stored secret behind it is refused', async () => {
    const error = await refusal(store().create(baseEntry('store_app_000000000000007', { probe: { api_key: APP_SECRET_PLACEHOLDER } }), 'admin:alice'))
    expect([error.status, error.code]).toEqual([400, 'invalid_app_config'])
    expect(error.message).toMatch(/^probe\.api_key: no stored secret/)
  })
})

describe('allow_api_origin', () => {
  const sameHost = { origin: 'http://api.local:8787', host: 'api.local:8787' }
  const call = (appId: string, headers: Record<string, string>) =>
    t.app.request('/api/v1/passwordless/init', { method: 'POST', headers: { 'foyer-app-id': appId, 'content-type': 'application/json', ...headers }, body: JSON.stringify({ email: 'x@example.com' }) })

  it("accepts an Origin naming the request's own Host for an app with the flag, and nothing else", async () => {
    const id = 'store_app_000000000000008'
    await store().create(baseEntry(id, { allow_api_origin: true }), 'admin:alice')
    expect((await call(id, sameHost)).status).toBe(200)
    expect((await call(id, { origin: 'https://evil.example.com', host: 'api.local:8787' })).status).toBe(403)
    expect((await call(id, { origin: 'http://api.local:9999', host: 'api.local:8787' })).status).toBe(403)
    // An app without the flag: the same pair is refused.
    expect((await call(TEST_APP_ID, sameHost)).status).toBe(403)
    expect((await call(TEST_APP_ID, { origin: TEST_ORIGIN, host: 'api.local:8787' })).status).toBe(200)
    // Server-only: the public config never shows it.
    expect(await (await publicConfig(id)).json()).not.toHaveProperty('allow_api_origin')
    await store().delete(id, 'admin:alice')
  })
})
