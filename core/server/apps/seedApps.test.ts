import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { captureLogs } from '../../../test/kit/captureLogs.js'
import { initdbDumpFile } from '../../../test/kit/pgliteTemplate.js'
import { secretProbePlugin } from './secretProbePlugin.js'

// The config seeds the store at each start (AppStore.ts): new → inserted; changed since seeded → replaced; unchanged →
// the stored row (console edits) kept; gone → deleted unless edited since. One data folder, restarted between cases.
const A = 'seed_app_a_00000000000001'
const B = 'seed_app_b_00000000000001'
const entry = (id: string, name: string) => ({ id, name, allowed_origins: ['https://seed.example.com'], email_auth: true })
let dataDir: string
let template: string
const { logger, lines, clear } = captureLogs()

async function withServer<T>(apps: unknown[], fn: (t: TestServer) => Promise<T>): Promise<T> {
  clear()
  const t = await createTestServer({ dataDir, pgliteTemplate: template, apps, logger, plugins: [emailServer(), secretProbePlugin()] })
  try {
    return await fn(t)
  } finally {
    await t.close()
  }
}
const rows = (t: TestServer) =>
  t.server.db.query<{ id: string; name: string; source: string; revision: number }>(`SELECT id, name, source, revision FROM apps WHERE id LIKE 'seed_%' ORDER BY id`)

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'foyer-seed-apps-'))
  template = await initdbDumpFile()
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('seeding the app store from the config', () => {
  it('first start: each config app is inserted, source config', async () => {
    await withServer([entry(A, 'A'), entry(B, 'B')], async (t) => {
      expect(await rows(t)).toEqual([
        { id: A, name: 'A', source: 'config', revision: 1 },
        { id: B, name: 'B', source: 'config', revision: 1 },
      ])
      // An edit in the console, then the same config again (next start): the edit survives.
      await t.server.ctx.appStore.update(A, entry(A, 'A edited'), 1, 'admin:alice')
    })
    await withServer([entry(A, 'A'), entry(B, 'B')], async (t) => {
      expect((await rows(t))[0]).toEqual({ id: A, name: 'A edited', source: 'config', revision: 2 })
      expect(t.server.ctx.apps.get(A)?.name).toBe('A edited')
      expect(lines.filter((l) => l.includes(A))).toEqual([])
    })
  })

  it("a config entry changed since it was seeded replaces the stored one, with an info line", async () => {
    await withServer([entry(A, 'A v2'), entry(B, 'B')], async (t) => {
      expect((await rows(t))[0]).toEqual({ id: A, name: 'A v2', source: 'config', revision: 3 })
      expect(t.server.ctx.apps.get(A)?.name).toBe('A v2')
      expect(lines).toContain(`info [foyer] app ${A}: the config changed since it was seeded: its entry replaces the stored one`)
    })
  })

  it('an app gone from the config is deleted when unedited, kept with a warning when edited', async () => {
    await withServer([entry(A, 'A v2'), entry(B, 'B')], async (t) => {
      await t.server.ctx.appStore.update(A, entry(A, 'A edited again'), 3, 'admin:alice')
    })
    await withServer([], async (t) => {
      expect(await rows(t)).toEqual([{ id: A, name: 'A edited again', source: 'config', revision: 4 }])
      expect(t.server.ctx.apps.get(B)).toBeUndefined()
      expect(lines).toContain(`info [foyer] app ${B}: removed from the config, so deleted from the app store`)
      expect(lines.some((l) => l.startsWith(`warn [foyer] app ${A}: removed from the config but edited since it was seeded: kept`))).toBe(true)
    })
  })

  it('apps created in the console survive restarts whatever the config says', async () => {
    const C = 'seed_app_c_00000000000001'
    await withServer([], (t) => t.server.ctx.appStore.create({ ...entry(C, 'C'), probe: { api_key: 'console-secret-123' } }, 'admin:alice'))
    await withServer([entry(B, 'B')], async (t) => {
      expect((await rows(t)).map((r) => [r.id, r.source])).toEqual([[A, 'config'], [B, 'config'], [C, 'console']])
      // The dev key kept in the database opens the console's secret after a restart.
      expect(t.server.ctx.apps.get(C)?.plugins.probe).toEqual({ api_key: 'console-secret-123' })
    })
  })

  it('a config entry with secret fields hashes the same at every start: no replacement, no log line', async () => {
    const D = 'seed_app_d_00000000000001'
    const withSecret = { ...entry(D, 'D'), probe: { api_key: 'config-secret-1234' } }
    await withServer([withSecret], async () => {})
    await withServer([withSecret], async (t) => {
      expect((await rows(t)).find((r) => r.id === D)).toEqual({ id: D, name: 'D', source: 'config', revision: 1 })
      expect(lines.filter((l) => l.includes(D))).toEqual([])
      expect(t.server.ctx.apps.get(D)?.plugins.probe).toEqual({ api_key: 'config-secret-1234' })
    })
    // The secret changed in the file: that is a change of the entry.
    await withServer([{ ...withSecret, probe: { api_key: 'config-secret-5678' } }], async (t) => {
      expect((await rows(t)).find((r) => r.id === D)?.revision).toBe(2)
      expect(t.server.ctx.apps.get(D)?.plugins.probe).toEqual({ api_key: 'config-secret-5678' })
    })
  })
})
