import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../../plugins/email/server.js'
import { createTestServer, type TestServer } from '../../test/kit/createTestServer.js'
import { startPostgresServer, type PostgresServer } from '../../test/kit/postgresServer.js'
import { defineServerPlugin } from './defineServerPlugin.js'
import { claimJobRun } from './jobs.js'

// N instances on one PostgreSQL: a repeated job (the hourly sweep) runs once per period, not once per instance.
let pgServer: PostgresServer
const runs: string[] = []
const job = (instance: string) => ({ name: 'test.lease', everyMs: 1000, run: async () => void runs.push(instance) })
const servers: TestServer[] = []

beforeAll(async () => {
  pgServer = await startPostgresServer()
  for (const name of ['a', 'b', 'c']) {
    servers.push(await createTestServer({ databaseUrl: pgServer.url, plugins: [emailServer(), defineServerPlugin({ id: 'lease', jobs: [job(name)], routes() {} })] }))
  }
}, 90_000)
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
  await pgServer?.close()
})

describe('one instance runs each job per period', () => {
  it('ten instances claiming one period at once: exactly one gets it', async () => {
    const db = servers[0]!.server.db
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimJobRun(db, { name: 'test.once', everyMs: 60_000, run: async () => {} })))
    expect(claims.filter(Boolean)).toHaveLength(1)
    // Within the period, nobody else.
    expect(await claimJobRun(db, { name: 'test.once', everyMs: 60_000, run: async () => {} })).toBe(false)
  })

  it('three listening instances with a 1 s job: about one run a second in all, not three', async () => {
    const listening = await Promise.all(servers.map((s) => s.server.listen(0)))
    try {
      await new Promise((r) => setTimeout(r, 4300))
    } finally {
      await Promise.all(listening.map((l) => l.close()))
    }
    // Four ticks each (12 without leases); timers drift, so a period may see a late tick win the next one: ≤ 5.
    expect(runs.length).toBeGreaterThanOrEqual(3)
    expect(runs.length).toBeLessThanOrEqual(5)
  })
})
