import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../../../test/kit/createTestServer.js'
import { startPostgresServer, type PostgresServer } from '../../../test/kit/postgresServer.js'
import { createPostgresDb } from './createPostgresDb.js'
import type { Db } from './Db.js'

// The database is weather: a real PostgreSQL of the test's own is stopped, frozen and its connections killed while a
// real server runs on it. Nothing may end the process; requests get a fast 503 with Retry-After while it is away, and
// service comes back by itself.

let pgServer: PostgresServer
/** A superuser's statement on a connection of its own (the server's connections are the ones being hurt). */
const admin = {
  async query(sql: string, params?: unknown[]) {
    const client = new pg.Client(pgServer.url)
    client.on('error', () => {})
    await client.connect()
    try {
      return await client.query(sql, params)
    } finally {
      await client.end().catch(() => {})
    }
  },
}
const warnings: string[] = []
const logger = { info() {}, warn: (m: string) => void warnings.push(m), error: (m: string) => void warnings.push(m) }
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Ends every connection the server holds (what a failover, a restart or idle_session_timeout does to them). */
const killConnections = () => admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'foyer' AND pid <> pg_backend_pid()`)

beforeAll(async () => {
  pgServer = await startPostgresServer()
}, 60_000)
afterAll(async () => {
  await pgServer?.close()
})

describe('the Db over PostgreSQL', () => {
  let db: Db
  beforeAll(async () => {
    db = await createPostgresDb(pgServer.url, { logger, connectTimeoutMs: 500, statementTimeoutMs: 1000, probeEveryMs: 100 })
    await db.exec('CREATE TABLE IF NOT EXISTS fault_rows (id serial PRIMARY KEY, note text)')
  })
  afterAll(() => db?.close())

  it('survives its idle connections being ended: no crash, the next call opens new ones', async () => {
    await Promise.all(Array.from({ length: 5 }, () => db.query('SELECT pg_sleep(0.01)')))
    expect(db.stats().total).toBeGreaterThan(0)
    const before = db.stats().errors
    await killConnections()
    await settle(200)
    // The pool heard each idle connection end (an unhandled 'error' event would have ended this process).
    expect(db.stats().errors).toBeGreaterThan(before)
    expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }])
    expect(db.stats().available).toBe(true)
  })

  it('a transaction whose connection drops before COMMIT ran again once, on a new connection, and wrote once', async () => {
    let attempts = 0
    const note = `retry-${Date.now()}`
    await db.tx(async (tx) => {
      attempts += 1
      const [{ pid }] = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')) as [{ pid: number }]
      await tx.query('INSERT INTO fault_rows (note) VALUES ($1)', [note])
      if (attempts === 1) await admin.query('SELECT pg_terminate_backend($1)', [pid])
      await tx.query('SELECT 1')
    })
    expect(attempts).toBe(2)
    expect(await db.query('SELECT note FROM fault_rows WHERE note = $1', [note])).toHaveLength(1)
  })

  it('a statement error is not a fault: the transaction is not repeated and the error is the statement’s', async () => {
    let attempts = 0
    const failing = db.tx(async (tx) => {
      attempts += 1
      await tx.query('SELECT * FROM no_such_table')
    })
    await expect(failing).rejects.toMatchObject({ code: '42P01' })
    expect(attempts).toBe(1)
  })

  it('a full pool of busy connections is a queue, not an outage: a caller waits past the connect timeout for a free one, and is shed as busy past the queue timeout', async () => {
    const one = await createPostgresDb(pgServer.url, { logger, max: 1, connectTimeoutMs: 200, queueTimeoutMs: 1500, probeEveryMs: 100 })
    try {
      // The one connection is busy for 0.6 s: a query behind it waits three connect timeouts and is answered.
      const held = one.query('SELECT pg_sleep(0.6)')
      await new Promise((r) => setTimeout(r, 50))
      const started = Date.now()
      expect(await one.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }])
      expect(Date.now() - started).toBeGreaterThan(300)
      await held
      // Busy for 3 s: past the queue timeout (1.5 s) the waiter is shed with DatabaseUnavailableError, and the
      // database is still counted available (busy, not away).
      const longHeld = one.query('SELECT pg_sleep(3)')
      await new Promise((r) => setTimeout(r, 50))
      const shedAt = Date.now()
      await expect(one.query('SELECT 2')).rejects.toMatchObject({ name: 'DatabaseUnavailableError', message: 'Database unavailable: busy' })
      expect(Date.now() - shedAt).toBeGreaterThanOrEqual(1300)
      expect(Date.now() - shedAt).toBeLessThan(2500)
      expect(one.stats().available).toBe(true)
      await longHeld
    } finally {
      await one.close()
    }
  })

  it('frozen database: calls fail with DatabaseUnavailableError within the timeouts, then it comes back alone', async () => {
    await killConnections()
    pgServer.freeze()
    try {
      const started = Date.now()
      await expect(db.query('SELECT 2')).rejects.toMatchObject({ name: 'DatabaseUnavailableError' })
      // A new connection waits connectTimeoutMs (500) — an old one would wait the statement timeout + 2 s.
      expect(Date.now() - started).toBeLessThan(4000)
      expect(db.stats().available).toBe(false)
      // Known to be away: the next call fails at once.
      const again = Date.now()
      await expect(db.query('SELECT 3')).rejects.toMatchObject({ name: 'DatabaseUnavailableError' })
      expect(Date.now() - again).toBeLessThan(50)
    } finally {
      pgServer.thaw()
    }
    await expect.poll(() => db.stats().available, { timeout: 10_000, interval: 50 }).toBe(true)
    expect(await db.query<{ n: number }>('SELECT 4 AS n')).toEqual([{ n: 4 }])
  })

  it('a start waits for a database that is not up yet', async () => {
    await pgServer.stop()
    const opening = createPostgresDb(pgServer.url, { logger, connectTimeoutMs: 500, probeEveryMs: 100 })
    await settle(1200)
    await pgServer.start()
    const late = await opening
    expect(await late.query<{ n: number }>('SELECT 5 AS n')).toEqual([{ n: 5 }])
    await late.close()
    // The shared Db lost its connections in that restart, and still answers.
    await expect.poll(async () => (await db.query<{ n: number }>('SELECT 6 AS n').catch(() => []))[0]?.n, { timeout: 10_000 }).toBe(6)
  })

  it('bad credentials are not weather: the start fails at once', async () => {
    const started = Date.now()
    await expect(createPostgresDb(pgServer.url.replace('foyer@', 'nobody@'), { startTimeoutMs: 30_000 })).rejects.toThrow(/nobody/)
    expect(Date.now() - started).toBeLessThan(5000)
  })
})

describe('the server while PostgreSQL restarts', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await createTestServer({ databaseUrl: pgServer.url, dataDir: undefined, database: { connectTimeoutMs: 500, statementTimeoutMs: 2000 }, logger })
  })
  afterAll(() => t?.close())

  it('answers 503 service_unavailable with Retry-After fast while it is down, and serves again within seconds of its return', async () => {
    const init = (email: string) => t.request('/api/v1/passwordless/init', { body: { email } })
    expect((await init('before@example.com')).status).toBe(200)
    const session = await t.login('weather@example.com')

    await pgServer.stop()
    const answers: { status: number; ms: number; retryAfter: string | null; code: unknown }[] = []
    for (let i = 0; i < 10; i++) {
      const started = Date.now()
      const res = await init(`during${i}@example.com`)
      answers.push({ status: res.status, ms: Date.now() - started, retryAfter: res.headers.get('retry-after'), code: (await res.json()).code })
    }
    expect(answers.every((a) => a.status === 503 && a.code === 'service_unavailable' && a.retryAfter === '1')).toBe(true)
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(1000)
    // A refresh during the outage is a 503 too, never a 401 that would sign the user out.
    const refresh = await t.request('/api/v1/sessions', { body: { refresh_token: session.refresh_token }, token: session.token! })
    expect(refresh.status).toBe(503)

    await pgServer.start()
    const back = Date.now()
    let ok: Response | null = null
    while (!ok && Date.now() - back < 10_000) {
      const res = await init('after@example.com')
      if (res.status === 200) ok = res
      else await settle(50)
    }
    expect(ok?.status).toBe(200)
    // The session made before the outage still refreshes: nothing was lost.
    const after = await t.request('/api/v1/sessions', { body: { refresh_token: session.refresh_token }, token: session.token! })
    expect(after.status).toBe(200)
    console.log(`[databaseFaults] PostgreSQL back → first 200 in ${Date.now() - back} ms; 503s answered in ≤ ${Math.max(...answers.map((a) => a.ms))} ms`)
  })
})
