import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer } from '../../../test/kit/createTestServer.js'
import { initdbDumpFile } from '../../../test/kit/pgliteTemplate.js'
import { startPostgresServer, type PostgresServer } from '../../../test/kit/postgresServer.js'
import { main } from './main.js'
import { migrateToPostgres } from './migrateToPostgres.js'

// Moving from PGlite to PostgreSQL, as docs/self-hosting.md tells an operator: start the server once on PostgreSQL (it makes
// the tables), stop it, run `foyer migrate-to-postgres`, start it on PostgreSQL. Users, sessions and tokens survive.

let pgServer: PostgresServer
const dir = mkdtempSync(join(tmpdir(), 'foyer-move-'))
const dataDir = join(dir, 'data')
beforeAll(async () => {
  pgServer = await startPostgresServer()
}, 60_000)
afterAll(async () => {
  await pgServer?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('foyer migrate-to-postgres', () => {
  it('refuses a PostgreSQL database the server never started on, and copies nothing', async () => {
    const onPglite = await createTestServer({ dataDir, pgliteTemplate: await initdbDumpFile() })
    await onPglite.login('early@example.com')
    await onPglite.close()
    await expect(migrateToPostgres({ dataDir, databaseUrl: pgServer.url })).rejects.toThrow(/start the server once with DATABASE_URL/)
  })

  it('moves users, sessions, tokens and keys: the old refresh token refreshes and the old access token is accepted', async () => {
    const onPglite = await createTestServer({ dataDir })
    const before = await onPglite.login('mover@example.com')
    const earlyId = (await onPglite.server.db.query<{ id: string }>(`SELECT user_id AS id FROM linked_accounts WHERE identifier = 'early@example.com'`))[0]!.id
    const counts = await onPglite.server.db.query<{ n: string }>('SELECT count(*) AS n FROM users')
    await onPglite.close()

    // The server's first start on PostgreSQL creates the tables (and a secret and a signing key of its own).
    const first = await createTestServer({ databaseUrl: pgServer.url })
    await first.close()

    // The command an operator runs: `DATABASE_URL=… foyer migrate-to-postgres --from <folder>`.
    const lines: string[] = []
    process.env.DATABASE_URL = pgServer.url
    try {
      expect(await main(['migrate-to-postgres', '--from', dataDir], { out: (l) => lines.push(l), err: (l) => lines.push(l) })).toBe(0)
    } finally {
      delete process.env.DATABASE_URL
    }
    expect(lines).toContain(`  users: ${counts[0]!.n}`)
    expect(lines.join('\n')).toMatch(/Moved \d+ rows/)
    expect(lines.join('\n')).toMatch(/ {2}sessions: [2-9]/)

    const onPostgres = await createTestServer({ databaseUrl: pgServer.url })
    try {
      const me = await onPostgres.request('/api/v1/users/me', { token: before.token! })
      expect(me.status).toBe(200)
      expect((await me.json()).user.id).toBe(before.user.id)
      const refreshed = await onPostgres.request('/api/v1/sessions', { body: { refresh_token: before.refresh_token }, token: before.token! })
      expect(refreshed.status).toBe(200)
      // Signing in again finds the same users; a new one gets a fresh id from the moved sequences and tables.
      expect((await onPostgres.login('early@example.com')).user.id).toBe(earlyId)
      expect((await onPostgres.login('newcomer@example.com')).user.id).not.toBe(earlyId)
    } finally {
      await onPostgres.close()
    }
  })

  it('refuses to move into a database that has users already', async () => {
    await expect(migrateToPostgres({ dataDir, databaseUrl: pgServer.url })).rejects.toThrow(/already has users/)
    const client = new pg.Client(pgServer.url)
    await client.connect()
    const users = await client.query('SELECT count(*)::int AS n FROM users')
    await client.end()
    expect(users.rows[0].n).toBe(3)
  })
})
