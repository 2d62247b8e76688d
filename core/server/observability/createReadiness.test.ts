import { describe, expect, it } from 'vitest'
import type { DbStats } from '../db/Db.js'
import { createReadiness } from './createReadiness.js'

const stats = (available: boolean): DbStats => ({ total: 1, idle: 1, waiting: 0, max: 10, errors: 0, available })

/** A database whose `SELECT 1` answers as `answer` says; counts the queries. */
function fakeDb(answer: () => Promise<unknown>, available = true) {
  const db = { queries: 0, stats: () => stats(available), query: () => (db.queries++, answer()) as Promise<never[]> }
  return db
}

describe('createReadiness', () => {
  it('is ready when the database answers SELECT 1 and the pool is available', async () => {
    expect(await createReadiness(fakeDb(async () => [])).check()).toEqual({ ready: true, checks: { server: 'ok', pool: 'ok', database: 'ok' } })
  })

  it('is not ready when the pool says the database is away, without asking it', async () => {
    const db = fakeDb(async () => [], false)
    expect(await createReadiness(db).check()).toEqual({ ready: false, checks: { server: 'ok', pool: 'unavailable', database: 'skipped' } })
    expect(db.queries).toBe(0)
  })

  it('is not ready when SELECT 1 fails or outlasts the timeout', async () => {
    expect((await createReadiness(fakeDb(() => Promise.reject(new Error('refused')))).check()).checks.database).toBe('error')
    const started = Date.now()
    const hung = await createReadiness(fakeDb(() => new Promise(() => {})), 50).check()
    expect([hung.ready, hung.checks.database]).toEqual([false, 'timeout'])
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('probes arriving together share one query', async () => {
    let answer!: () => void
    const db = fakeDb(() => new Promise<void>((resolve) => (answer = resolve)))
    const readiness = createReadiness(db)
    const checks = Promise.all([readiness.check(), readiness.check(), readiness.check()])
    await new Promise((resolve) => setTimeout(resolve, 10))
    answer()
    expect((await checks).map((c) => c.ready)).toEqual([true, true, true])
    expect(db.queries).toBe(1)
  })

  it('fails from the moment shutdown starts', async () => {
    const readiness = createReadiness(fakeDb(async () => []))
    readiness.stop()
    expect([readiness.stopping, await readiness.check()]).toEqual([true, { ready: false, checks: { server: 'stopping', pool: 'ok', database: 'skipped' } }])
  })
})
