import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, TEST_APP_ID, type TestServer } from '../../test/kit/createTestServer.js'
import { initdbDumpFile } from '../../test/kit/pgliteTemplate.js'
import { emailServer } from '../../plugins/email/server.js'
import { APP_SECRET_PREFIX } from './appSecrets.js'
import { appSecretCommand } from './cli/appSecretCommand.js'
import { main } from './cli/main.js'
import type { Hono } from 'hono'
import type { Db } from './db/Db.js'
import { defineServerPlugin } from './defineServerPlugin.js'
import type { ServerContext } from './types.js'

const OTHER_APP_ID = 'foyer_other_app_000000001'
const PROBE = '/api/v1/app-secret-probe'
/** A route of a back-end API: answers the app its app secret proves. */
const probe = defineServerPlugin({
  id: 'app-secret-probe',
  routes(app: Hono, ctx: ServerContext) {
    app.get(PROBE, async (c) => c.json({ app_id: await ctx.appSecrets.authenticate(c) }))
  },
})
const apps = [
  { id: TEST_APP_ID, name: 'Test App', allowed_origins: ['http://localhost:5173'], email_auth: true },
  { id: OTHER_APP_ID, name: 'Other App', allowed_origins: ['http://localhost:5174'], email_auth: true },
]
const basic = (appId: string, secret: string) => `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`
const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code

let clock = Date.parse('2026-07-01T00:00:00Z')
let t: TestServer
/** A second instance on the same database (its close leaves the database to the first). */
let t2: TestServer

beforeAll(async () => {
  t = await createTestServer({ plugins: [emailServer(), probe], apps, now: () => clock })
  const shared: Db = { ...t.server.db, close: async () => {} }
  t2 = await createTestServer({ plugins: [emailServer(), probe], apps, now: () => clock, db: shared })
})
afterAll(async () => {
  await t2?.close()
  await t?.close()
})

const call = (server: TestServer, authorization: string | null, appId = TEST_APP_ID) =>
  server.request(PROBE, { headers: { 'foyer-app-id': appId, ...(authorization ? { authorization } : {}) } })

describe('app secrets (core)', () => {
  it('creates a recognisable secret shown once: lists and the database keep only its prefix and SHA-256', async () => {
    const made = await t.server.ctx.appSecrets.create(TEST_APP_ID)
    expect(made.secret).toMatch(new RegExp(`^${APP_SECRET_PREFIX}[A-Za-z0-9_-]{43}$`))
    expect(made.prefix).toBe(made.secret.slice(0, APP_SECRET_PREFIX.length + 8))
    const list = await t.server.ctx.appSecrets.list(TEST_APP_ID)
    expect(list).toContainEqual({ id: made.id, prefix: made.prefix, created_at: Math.floor(clock / 1000), last_used_at: null, revoked_at: null })
    expect(JSON.stringify(list)).not.toContain(made.secret)
    const rows = await t.server.db.query('SELECT * FROM app_secrets')
    expect(JSON.stringify(rows)).not.toContain(made.secret.slice(APP_SECRET_PREFIX.length + 8))
    expect(await t.server.ctx.appSecrets.list(OTHER_APP_ID)).toEqual([])
  })

  it('authenticates HTTP Basic appId:secret on every instance, and notes when it was last used', async () => {
    const made = await t.server.ctx.appSecrets.create(TEST_APP_ID)
    for (const server of [t, t2]) {
      const res = await call(server, basic(TEST_APP_ID, made.secret))
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ app_id: TEST_APP_ID })
    }
    const used = (await t.server.ctx.appSecrets.list(TEST_APP_ID)).find((s) => s.id === made.id)!
    expect(used.last_used_at).toBe(Math.floor(clock / 1000))
  })

  it('refuses with 401 invalid_app_secret: no credentials, a wrong secret, a bearer token, another app', async () => {
    const made = await t.server.ctx.appSecrets.create(TEST_APP_ID)
    const other = await t.server.ctx.appSecrets.create(OTHER_APP_ID)
    const refused = [
      [null, TEST_APP_ID],
      [basic(TEST_APP_ID, `${made.secret}x`), TEST_APP_ID],
      [basic(TEST_APP_ID, made.secret.slice(0, -1)), TEST_APP_ID],
      [basic(TEST_APP_ID, ''), TEST_APP_ID],
      [`Bearer ${made.secret}`, TEST_APP_ID],
      ['Basic !!!not-base64', TEST_APP_ID],
      [`Basic ${Buffer.from(made.secret).toString('base64')}`, TEST_APP_ID],
      // App B's secret for app A, and app A's secret named as app B's.
      [basic(TEST_APP_ID, other.secret), TEST_APP_ID],
      [basic(OTHER_APP_ID, made.secret), OTHER_APP_ID],
      // The foyer-app-id header must name the app of the credentials.
      [basic(OTHER_APP_ID, other.secret), TEST_APP_ID],
    ] as const
    for (const [authorization, appId] of refused) {
      const res = await call(t, authorization, appId)
      expect(res.status, String(authorization)).toBe(401)
      expect(await codeOf(res)).toBe('invalid_app_secret')
    }
    expect((await call(t, basic(OTHER_APP_ID, other.secret), OTHER_APP_ID)).status).toBe(200)
  })

  it('a revoked secret is refused at once on every instance; the others keep working', async () => {
    const a = await t.server.ctx.appSecrets.create(TEST_APP_ID)
    const b = await t.server.ctx.appSecrets.create(TEST_APP_ID)
    expect((await call(t2, basic(TEST_APP_ID, a.secret))).status).toBe(200)
    expect(await t.server.ctx.appSecrets.revoke(OTHER_APP_ID, a.id)).toBe(false)
    expect(await t.server.ctx.appSecrets.revoke(TEST_APP_ID, a.id)).toBe(true)
    expect(await t.server.ctx.appSecrets.revoke(TEST_APP_ID, a.id)).toBe(false)
    for (const server of [t, t2]) expect((await call(server, basic(TEST_APP_ID, a.secret))).status).toBe(401)
    expect((await call(t2, basic(TEST_APP_ID, b.secret))).status).toBe(200)
    expect((await t.server.ctx.appSecrets.list(TEST_APP_ID)).find((s) => s.id === a.id)!.revoked_at).toBe(Math.floor(clock / 1000))
  })
})

describe('foyer app-secret (CLI)', () => {
  const lines = () => {
    const out: string[] = []
    const err: string[] = []
    return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } }
  }

  it('refuses bad arguments with exit code 2 and lists the commands in the usage', async () => {
    const { err, out, io } = lines()
    for (const args of [['app-secret'], ['app-secret', 'make', TEST_APP_ID], ['app-secret', 'create'], ['app-secret', 'create', 'short'], ['app-secret', 'revoke', TEST_APP_ID], ['app-secret', 'list', TEST_APP_ID, 'extra']]) {
      expect(await main(args, io), args.join(' ')).toBe(2)
    }
    expect(err.join('\n')).toMatch(/app-secret create <appId>/)
    expect(await main(['--help'], io)).toBe(0)
    expect(out.join('\n')).toMatch(/app-secret revoke <appId> <id>/)
  })

  it('creates (printing the secret once), lists and revokes in the server’s database; the server takes the secret', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-app-secret-'))
    try {
      const first = await createTestServer({ dataDir, pgliteTemplate: await initdbDumpFile(), plugins: [emailServer(), probe], apps })
      await first.close()

      const created = lines()
      expect(await appSecretCommand(['create', TEST_APP_ID], { ...created.io, dataDir, databaseUrl: '' })).toBe(0)
      const secret = created.out.find((l) => l.startsWith(APP_SECRET_PREFIX))!
      expect(secret).toMatch(new RegExp(`^${APP_SECRET_PREFIX}`))
      const id = /App secret (\S+) for app/.exec(created.out[0]!)![1]!

      const listed = lines()
      expect(await appSecretCommand(['list', TEST_APP_ID], { ...listed.io, dataDir, databaseUrl: '' })).toBe(0)
      expect(listed.out.join('\n')).toContain(`${id}  ${secret.slice(0, APP_SECRET_PREFIX.length + 8)}…`)
      expect(listed.out.join('\n')).not.toContain(secret)

      let server = await createTestServer({ dataDir, plugins: [emailServer(), probe], apps })
      try {
        expect((await call(server, basic(TEST_APP_ID, secret))).status).toBe(200)
      } finally {
        await server.close()
      }

      const revoked = lines()
      expect(await appSecretCommand(['revoke', TEST_APP_ID, id], { ...revoked.io, dataDir, databaseUrl: '' })).toBe(0)
      expect(await appSecretCommand(['revoke', TEST_APP_ID, id], { ...revoked.io, dataDir, databaseUrl: '' })).toBe(1)
      expect(revoked.err.join('\n')).toMatch(/no live secret/)
      server = await createTestServer({ dataDir, plugins: [emailServer(), probe], apps })
      try {
        expect((await call(server, basic(TEST_APP_ID, secret))).status).toBe(401)
      } finally {
        await server.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
