import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../plugins/email/server.js'
import { createServer } from './createServer.js'
import { createPgliteDb } from './db/createPgliteDb.js'
import { createPostgresDb } from './db/createPostgresDb.js'
import type { Db } from './db/Db.js'
import { runMigrations } from './db/runMigrations.js'
import { createRateLimiter } from './rateLimit.js'
import { createSecrets } from './secrets.js'
import { createSessions } from './sessions.js'
import { coreMigrations } from './db/coreMigrations.js'

const quiet = { info() {}, warn() {}, error() {} }
const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-db-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

// PostgreSQL joins when TEST_DATABASE_URL names a throwaway database.
const backends: [string, () => Promise<Db>][] = [['pglite', () => createPgliteDb(':memory:')]]
if (process.env.TEST_DATABASE_URL) backends.push(['postgres', () => createPostgresDb(process.env.TEST_DATABASE_URL!)])

describe.each(backends)('database rules on %s', (name, open) => {
  it('migrations run once and are recorded', async () => {
    const db = await open()
    try {
      if (name === 'postgres') await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;')
      const first = await runMigrations(db, coreMigrations)
      expect(first).toEqual(['core/001_init', 'core/002_device_keys', 'core/003_unproven_accounts', 'core/004_signing_key_rotation', 'core/005_job_leases'])
      expect(await runMigrations(db, coreMigrations)).toEqual([])
    } finally {
      await db.close()
    }
  })

  it('a rate limit counts atomically under parallel hits and resets with the window', async () => {
    const db = await open()
    try {
      await runMigrations(db, coreMigrations)
      let now = Date.now()
      const limit = createRateLimiter(db, () => now)
      const key = `test:${Math.random()}`
      const answers = await Promise.all(Array.from({ length: 12 }, () => limit(key, 5, 60)))
      expect(answers.filter(Boolean)).toHaveLength(5)
      now += 61_000
      expect(await limit(key, 5, 60)).toBe(true)
    } finally {
      await db.close()
    }
  })

  it('parallel refreshes with one token all receive the same successor and one row is added', async () => {
    const db = await open()
    try {
      await runMigrations(db, coreMigrations)
      const now = Date.now()
      const secrets = await createSecrets(db)
      const sessions = createSessions(db, secrets, { graceSeconds: 30, now: () => now })
      const userId = `did:foyer:test${Math.random()}`
      await db.query('INSERT INTO users (id, app_id, created_at) VALUES ($1, $2, $3)', [userId, 'a'.repeat(25), new Date(now)])
      const start = await sessions.create({ userId, appId: 'a'.repeat(25) })
      const results = await Promise.all(Array.from({ length: 8 }, () => sessions.refresh(start.refreshToken, 'a'.repeat(25))))
      expect(new Set(results.map((r) => r.refreshToken)).size).toBe(1)
      const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM refresh_tokens WHERE session_id = $1', [
        start.sessionId,
      ])) as [{ n: number }]
      expect(n).toBe(2)
    } finally {
      await db.close()
    }
  })
})

describe('a PGlite data folder', () => {
  it('keeps the signing key and stored rows across a restart', async () => {
    const dataDir = tempDir()
    const options = { dataDir, databaseUrl: '', dev: true, smtpUrl: '', logger: quiet, plugins: [emailServer()] }
    const first = await createServer(options)
    const keys = await (await first.app.request('/api/v1/apps/foyer_dev_app_00000000001/jwks.json')).json()
    await first.ctx.db.query("INSERT INTO users (id, app_id, created_at) VALUES ('did:foyer:kept', 'x', now())")
    await first.close()

    const second = await createServer(options)
    try {
      expect(await (await second.app.request('/api/v1/apps/foyer_dev_app_00000000001/jwks.json')).json()).toEqual(keys)
      expect(await second.db.query("SELECT id FROM users WHERE id = 'did:foyer:kept'")).toHaveLength(1)
    } finally {
      await second.close()
    }
  })
})
