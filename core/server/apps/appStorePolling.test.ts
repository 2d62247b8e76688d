import { afterEach, describe, expect, it } from 'vitest'
import { emailServer } from '../../../plugins/email/server.js'
import { captureLogs } from '../../../test/kit/captureLogs.js'
import { createTestServer, TEST_APP_ID, type TestServer } from '../../../test/kit/createTestServer.js'
import { openTemplateDb } from '../../../test/kit/pgliteTemplate.js'
import { DatabaseUnavailableError } from '../db/DatabaseUnavailableError.js'
import type { Db } from '../db/Db.js'
import { serverMigrations } from '../db/serverMigrations.js'
import { secretProbePlugin } from './secretProbePlugin.js'

// The poll: a database that stops answering keeps the last apps served (one warning), and it recovers alone; a stored
// entry that no longer validates is skipped with an error line. Production refuses secrets without FOYER_APPS_KEK.
const servers: TestServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A Db that fails like an unreachable database while `down` is set. */
function flaky(inner: Db) {
  const state = { down: false }
  const guard = () => {
    if (state.down) throw new DatabaseUnavailableError('test: database stopped')
  }
  const db: Db = {
    kind: inner.kind,
    stats: () => inner.stats(),
    close: () => inner.close(),
    async query(sql, params) {
      guard()
      return inner.query(sql, params)
    },
    async exec(sql) {
      guard()
      return inner.exec(sql)
    },
    async tx(fn) {
      guard()
      return inner.tx(fn)
    },
  }
  return { db, state }
}

describe('the poll', () => {
  it('a failing database: one warning, the last apps keep being served, and the next good poll recovers', async () => {
    const plugins = [emailServer()]
    const { db, state } = flaky(await openTemplateDb(serverMigrations(plugins)))
    const { lines, logger } = captureLogs()
    const t = await createTestServer({ db, plugins, logger, appsRefreshMs: 100 })
    servers.push(t)
    state.down = true
    await sleep(450)
    expect(lines.filter((l) => l.startsWith('warn [foyer] apps: cannot read the app store'))).toHaveLength(1)
    expect(t.server.ctx.apps.get(TEST_APP_ID)?.name).toBe('Test App')
    expect((await t.app.request(`/api/v1/apps/${TEST_APP_ID}`)).status).toBe(200)
    state.down = false
    // A change made while this instance couldn't see it (another instance's) arrives with the next good poll.
    await db.query(`UPDATE apps SET entry = jsonb_set(entry, '{name}', '"Changed elsewhere"'), name = 'Changed elsewhere' WHERE id = $1`, [TEST_APP_ID])
    await db.query('UPDATE apps_revision SET revision = revision + 1')
    await expect.poll(() => t.server.ctx.apps.get(TEST_APP_ID)?.name, { timeout: 3000, interval: 50 }).toBe('Changed elsewhere')
    expect(lines).toContain('info [foyer] apps: the app store answers again; apps are current')
  })

  it('a stored entry that no longer validates is skipped with an error line; the others are served', async () => {
    const { lines, logger } = captureLogs()
    const t = await createTestServer({ logger })
    servers.push(t)
    await t.server.db.query(`UPDATE apps SET entry = entry || '{"removed-plugin": {"x": 1}}'::jsonb WHERE id = $1`, [TEST_APP_ID])
    await t.server.db.query('UPDATE apps_revision SET revision = revision + 1')
    await t.server.ctx.appStore.refresh()
    expect(t.server.ctx.apps.get(TEST_APP_ID)).toBeUndefined()
    expect(t.server.ctx.apps.get('foyer_dev_app_00000000001')).toBeDefined()
    expect(lines).toContain(`error [foyer] app ${TEST_APP_ID}: its stored entry is skipped (not served) until fixed: removed-plugin: Invalid key: Expected never but received "removed-plugin"`)
  })

  it('a secret that no longer opens (another key): the app is skipped, a placeholder is refused, a new value repairs it', async () => {
    const { lines, logger } = captureLogs()
    const t = await createTestServer({ logger, plugins: [emailServer(), secretProbePlugin()], app: { probe: { api_key: 'the-first-secret-1' } } })
    servers.push(t)
    const sealedElsewhere = { $sealed: Buffer.alloc(40, 1).toString('base64url') }
    await t.server.db.query(`UPDATE apps SET entry = jsonb_set(entry, '{probe,api_key}', $2::jsonb) WHERE id = $1`, [TEST_APP_ID, JSON.stringify(sealedElsewhere)])
    await t.server.db.query('UPDATE apps_revision SET revision = revision + 1')
    await t.server.ctx.appStore.refresh()
    expect(t.server.ctx.apps.get(TEST_APP_ID)).toBeUndefined()
    expect(lines).toContain(`error [foyer] app ${TEST_APP_ID}: its stored entry is skipped (not served) until fixed: probe.api_key: does not open with the apps key (another FOYER_APPS_KEK?)`)
    const stored = (await t.server.ctx.appStore.get(TEST_APP_ID))!
    const kept = await t.server.ctx.appStore.update(TEST_APP_ID, stored.entry, stored.revision, 'admin:alice').then(() => null, (e: { code: string; message: string }) => e)
    expect(kept?.code).toBe('invalid_app_config')
    expect(kept?.message).toBe('probe.api_key: the stored secret does not open with the apps key: send the value')
    await t.server.ctx.appStore.update(TEST_APP_ID, { ...stored.entry, probe: { api_key: 'the-second-secret-2' } }, stored.revision, 'admin:alice')
    expect(t.server.ctx.apps.get(TEST_APP_ID)?.plugins.probe).toEqual({ api_key: 'the-second-secret-2' })
  })

  it('appsRefreshMs must be in 100..60000', async () => {
    for (const appsRefreshMs of [50, 60_001, 1.5]) {
      await expect(createTestServer({ appsRefreshMs })).rejects.toThrow(/appsRefreshMs must be a whole number in 100\.\.60000/)
    }
  })
})

describe('production', () => {
  const production = { dev: false, smtpUrl: 'smtp://127.0.0.1:2525', sms: null } as const

  it('a secret field in the config and no FOYER_APPS_KEK stops the start, naming the variable', async () => {
    const previous = process.env.FOYER_APPS_KEK
    delete process.env.FOYER_APPS_KEK
    try {
      const start = createTestServer({ ...production, plugins: [emailServer(), secretProbePlugin()], app: { probe: { api_key: 'a-secret-value-1' } } })
      const error = await start.then(() => null, (e: Error) => e)
      expect(error?.message).toMatch(/App foyer_test_app_0000000001's probe\.api_key holds a secret field: set FOYER_APPS_KEK/)
      expect(error?.message).not.toContain('a-secret-value-1')
    } finally {
      if (previous !== undefined) process.env.FOYER_APPS_KEK = previous
    }
  })

  it('with a key it starts; a store write enabling sms_auth without a provider is 400 invalid_app_config', async () => {
    const t = await createTestServer({ ...production, appsKek: Buffer.alloc(32, 7).toString('base64'), plugins: [emailServer(), secretProbePlugin()], app: { probe: { api_key: 'a-secret-value-1' } } })
    servers.push(t)
    expect(t.server.ctx.apps.get(TEST_APP_ID)?.plugins.probe).toEqual({ api_key: 'a-secret-value-1' })
    const stored = (await t.server.ctx.appStore.get(TEST_APP_ID))!
    const error = await t.server.ctx.appStore.update(TEST_APP_ID, { ...stored.entry, sms_auth: true }, stored.revision, 'admin:alice').then(() => null, (e: { status: number; code: string; message: string }) => e)
    expect([error?.status, error?.code]).toEqual([400, 'invalid_app_config'])
    expect(error?.message).toMatch(/^sms_auth: /)
    expect(t.server.ctx.apps.get(TEST_APP_ID)?.config.sms_auth).toBe(false)
  })

  it('a malformed appsKek stops the start naming FOYER_APPS_KEK', async () => {
    await expect(createTestServer({ appsKek: 'short' })).rejects.toThrow(/FOYER_APPS_KEK must be 32 random bytes/)
  })
})
