import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../../plugins/email/server.js'
import { createTestServer, TEST_APP_ID, type TestServer } from '../../../test/kit/createTestServer.js'
import { startPostgresServer, type PostgresServer } from '../../../test/kit/postgresServer.js'
import { secretProbePlugin } from './secretProbePlugin.js'

// Two instances on one PostgreSQL, started at once (both seed the same config): a change through one instance's store
// is served by the other within a few polls, deletions included.
let pgServer: PostgresServer
let a: TestServer
let b: TestServer
const KEK = Buffer.alloc(32, 3).toString('base64')
const options = () => ({ databaseUrl: pgServer.url, appsRefreshMs: 200, appsKek: KEK, plugins: [emailServer(), secretProbePlugin()], app: { probe: { api_key: 'shared-config-secret' } } })

beforeAll(async () => {
  pgServer = await startPostgresServer()
  // Together: seeding runs under a lock in one transaction, so neither start fails on the other's rows.
  ;[a, b] = await Promise.all([createTestServer(options()), createTestServer(options())])
}, 90_000)
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()])
  await pgServer?.close()
})

describe('apps on two instances', () => {
  it('both started at once: one row per config app, seeded once', async () => {
    const rows = await a.server.db.query<{ id: string; revision: number }>('SELECT id, revision FROM apps ORDER BY id')
    expect(rows).toEqual([
      { id: 'foyer_dev_app_00000000001', revision: 1 },
      { id: TEST_APP_ID, revision: 1 },
    ])
    expect(b.server.ctx.apps.get(TEST_APP_ID)?.plugins.probe).toEqual({ api_key: 'shared-config-secret' })
  })

  it('a change on A is served by B within seconds; so are a creation and a deletion', async () => {
    const stored = (await a.server.ctx.appStore.get(TEST_APP_ID))!
    await a.server.ctx.appStore.update(TEST_APP_ID, { ...stored.entry, name: 'Renamed on A' }, stored.revision, 'admin:alice')
    expect(a.server.ctx.apps.get(TEST_APP_ID)?.name).toBe('Renamed on A')
    await expect.poll(async () => ((await (await b.app.request(`/api/v1/apps/${TEST_APP_ID}`)).json()) as { name: string }).name, { timeout: 5000, interval: 100 }).toBe('Renamed on A')
    // The secret kept through the placeholder opens on B too.
    expect(b.server.ctx.apps.get(TEST_APP_ID)?.plugins.probe).toEqual({ api_key: 'shared-config-secret' })

    const id = 'pg_store_app_000000000001'
    await a.server.ctx.appStore.create({ id, name: 'New', allowed_origins: ['https://new.example.com'], email_auth: true }, 'admin:alice')
    await expect.poll(async () => (await b.app.request(`/api/v1/apps/${id}`)).status, { timeout: 5000, interval: 100 }).toBe(200)
    await b.server.ctx.appStore.delete(id, 'admin:bob')
    await expect.poll(async () => (await a.app.request(`/api/v1/apps/${id}`)).status, { timeout: 5000, interval: 100 }).toBe(404)
  })

  it('a write with a stale revision from the other instance is 409 app_changed', async () => {
    const seen = (await b.server.ctx.appStore.get(TEST_APP_ID))!
    await a.server.ctx.appStore.update(TEST_APP_ID, { ...seen.entry, name: 'A wins' }, seen.revision, 'admin:alice')
    const error = await b.server.ctx.appStore.update(TEST_APP_ID, { ...seen.entry, name: 'B loses' }, seen.revision, 'admin:bob').then(() => null, (e: { code: string }) => e)
    expect(error?.code).toBe('app_changed')
  })
})
