import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { captureLogs } from '../../../test/kit/captureLogs.js'
import { initdbDumpFile } from '../../../test/kit/pgliteTemplate.js'
import { createSealedTextBox } from '../sealedTextBox.js'
import { secretProbePlugin } from './secretProbePlugin.js'

// Rotating FOYER_APPS_KEK: a start with the new key and the old one in FOYER_APPS_KEK_PREVIOUS opens every secret field,
// seals each again under the new key and keeps the apps as they were (console edits of config apps too); after it, the
// new key alone serves them. One data folder, restarted between the steps.
const CONFIG_APP = 'rekey_app_config_00000001'
const CONSOLE_APP = 'rekey_app_console_0000001'
const entry = (id: string, name: string) => ({ id, name, allowed_origins: ['https://rekey.example.com'], email_auth: true })
const configApp = { ...entry(CONFIG_APP, 'Config app'), probe: { api_key: 'config-secret-1234' } }
const consoleApp = { ...entry(CONSOLE_APP, 'Console app'), probe: { api_key: 'console-secret-123', hooks: { paid: { token: 'hook-token-9', url: 'https://hooks.example.com' } } } }
const base64 = (key: Buffer) => key.toString('base64')
const [oldKey, newKey] = [randomBytes(32), randomBytes(32)]
let dataDir: string
let template: string
const { logger, lines, clear } = captureLogs()

async function withServer<T>(keys: { appsKek: string; appsKekPrevious?: string }, fn: (t: TestServer) => Promise<T>): Promise<T> {
  clear()
  const t = await createTestServer({ dataDir, pgliteTemplate: template, apps: [configApp], logger, plugins: [emailServer(), secretProbePlugin()], ...keys })
  try {
    return await fn(t)
  } finally {
    await t.close()
  }
}
type Row = { id: string; name: string; revision: number; seed_hash: string | null; updated_at: Date; entry: { probe: { api_key: { $sealed: string }; hooks?: { paid: { token: { $sealed: string } } } } } }
const rows = async (t: TestServer) =>
  Object.fromEntries(
    (await t.server.db.query<Row>(`SELECT id, name, revision, seed_hash, updated_at, entry FROM apps WHERE id LIKE 'rekey_%' ORDER BY id`)).map((r) => [r.id, r]),
  )
/** Whether `key` opens the stored value at `path` of `appId` (the owner the apps' box binds each value to). */
const opensWith = (key: Buffer, appId: string, path: string, sealed: { $sealed: string }) => {
  try {
    createSealedTextBox(key, 'apps').open(`${appId}:${path}`, sealed.$sealed)
    return true
  } catch {
    return false
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'foyer-apps-rekey-'))
  template = await initdbDumpFile()
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('rotating the apps key (FOYER_APPS_KEK_PREVIOUS)', () => {
  let before: Record<string, Row>
  let moved: Record<string, Row>

  it('under the old key: a config app (renamed in the console since) and a console app hold sealed secrets', async () => {
    await withServer({ appsKek: base64(oldKey) }, async (t) => {
      await t.server.ctx.appStore.create(consoleApp, 'admin:alice')
      await t.server.ctx.appStore.update(CONFIG_APP, { ...configApp, name: 'Config app (edited)', probe: { api_key: { $secret: 'set' } } }, 1, 'admin:alice')
      before = await rows(t)
      expect(opensWith(oldKey, CONFIG_APP, 'probe.api_key', before[CONFIG_APP]!.entry.probe.api_key)).toBe(true)
    })
  })

  it('the new key with the old one as previous: every field moves to the new key, the apps and their edits stay', async () => {
    await withServer({ appsKek: base64(newKey), appsKekPrevious: ` ${base64(oldKey)} , ${base64(newKey)} ` }, async (t) => {
      expect(lines).toContain('info [foyer] apps: 3 secret field(s) of 2 app(s) moved from FOYER_APPS_KEK_PREVIOUS to FOYER_APPS_KEK')
      expect(lines.filter((l) => l.startsWith('error') || l.includes('the config changed'))).toEqual([])
      const after = await rows(t)
      moved = after
      // The config app is not re-seeded (its config did not change, only the key its seed hash is made under).
      expect(after[CONFIG_APP]).toMatchObject({ name: 'Config app (edited)', revision: 2, updated_at: before[CONFIG_APP]!.updated_at })
      expect(after[CONFIG_APP]!.seed_hash).not.toBe(before[CONFIG_APP]!.seed_hash)
      expect(after[CONSOLE_APP]).toMatchObject({ revision: 1, updated_at: before[CONSOLE_APP]!.updated_at })
      const sealed = [
        [CONFIG_APP, 'probe.api_key', after[CONFIG_APP]!.entry.probe.api_key],
        [CONSOLE_APP, 'probe.api_key', after[CONSOLE_APP]!.entry.probe.api_key],
        [CONSOLE_APP, 'probe.hooks.paid.token', after[CONSOLE_APP]!.entry.probe.hooks!.paid.token],
      ] as const
      for (const [appId, path, value] of sealed) {
        expect(opensWith(newKey, appId, path, value), `${appId} ${path}`).toBe(true)
        expect(opensWith(oldKey, appId, path, value), `${appId} ${path}`).toBe(false)
      }
      expect(t.server.ctx.apps.get(CONFIG_APP)?.plugins.probe).toEqual({ api_key: 'config-secret-1234' })
      expect(t.server.ctx.apps.get(CONSOLE_APP)?.plugins.probe).toEqual(consoleApp.probe)
      // A read still shows placeholders only.
      expect(JSON.stringify(await t.server.ctx.appStore.list())).not.toMatch(/secret-12|hook-token/)
    })
  })

  it('a second start with both keys finds nothing left under the old one and changes nothing', async () => {
    await withServer({ appsKek: base64(newKey), appsKekPrevious: base64(oldKey) }, async (t) => {
      expect(lines).toContain('info [foyer] apps: no secret field is sealed under a key of FOYER_APPS_KEK_PREVIOUS: every one opens with FOYER_APPS_KEK')
      expect(t.server.ctx.apps.get(CONSOLE_APP)?.plugins.probe).toEqual(consoleApp.probe)
      expect(await rows(t)).toEqual(moved)
    })
  })

  it('the new key alone serves every app, and an edit keeping a secret keeps it', async () => {
    await withServer({ appsKek: base64(newKey) }, async (t) => {
      expect(lines.filter((l) => l.startsWith('error') || l.includes('the config changed'))).toEqual([])
      expect(t.server.ctx.apps.get(CONFIG_APP)).toMatchObject({ name: 'Config app (edited)', plugins: { probe: { api_key: 'config-secret-1234' } } })
      await t.server.ctx.appStore.update(CONSOLE_APP, { ...consoleApp, name: 'Console app 2', probe: { api_key: { $secret: 'set' }, hooks: { paid: { token: { $secret: 'set' } } } } }, 1, 'admin:alice')
      expect(t.server.ctx.apps.get(CONSOLE_APP)?.plugins.probe).toEqual({ api_key: 'console-secret-123', hooks: { paid: { token: 'hook-token-9' } } })
    })
  })

  it('a previous key that is not a key, or previous keys without a current one, stop the start naming the variable only', async () => {
    const start = (keys: { appsKek?: string; appsKekPrevious: string }) =>
      createTestServer({ dataDir, pgliteTemplate: template, plugins: [emailServer()], ...keys })
    await expect(start({ appsKek: base64(newKey), appsKekPrevious: `${base64(oldKey)},not-a-key` })).rejects.toThrow(
      'FOYER_APPS_KEK_PREVIOUS must be 32 random bytes as base64 or hex',
    )
    await expect(start({ appsKekPrevious: base64(oldKey) })).rejects.toThrow('FOYER_APPS_KEK_PREVIOUS is set but FOYER_APPS_KEK is not')
  })
})
