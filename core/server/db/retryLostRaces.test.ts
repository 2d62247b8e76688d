import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createErrorHandler } from '../http/errorHandler.js'
import { HttpError } from '../HttpError.js'
import type { Db } from './Db.js'
import { isLostRace, isMarkedForRerun, rerunOnLostRace, retryLostRaces } from './retryLostRaces.js'

const sqlError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code })

/** A Db whose transactions only count their runs; the inner Db joins (its tx runs fn in place). */
function countingDb() {
  const runs = { n: 0 }
  const db: Db = {
    kind: 'postgres',
    query: async () => [],
    exec: async () => {},
    async tx(fn) {
      runs.n++
      return fn({ ...db, tx: (inner) => inner(db) })
    },
    stats: () => ({ total: 1, idle: 1, waiting: 0, max: 1, errors: 0, available: true }),
    close: async () => {},
  }
  return { db, runs }
}

describe('retryLostRaces', () => {
  it('marks only lost races: a unique key, a serialization failure, a deadlock', () => {
    for (const code of ['23505', '40001', '40P01']) expect(isMarkedForRerun(rerunOnLostRace(sqlError(code)))).toBe(true)
    for (const error of [sqlError('23503'), sqlError('57P01'), new HttpError(401, 'invalid_credentials', 'x'), null, 'text']) {
      expect(isLostRace(error)).toBe(false)
      expect(isMarkedForRerun(rerunOnLostRace(error))).toBe(false)
    }
  })

  it('reruns the whole outermost transaction after a marked error, and answers the rerun', async () => {
    const { db, runs } = countingDb()
    const wrapped = retryLostRaces(db, { jitterMs: 1 })
    let calls = 0
    const result = await wrapped.tx(async (tx) =>
      tx.tx(async () => {
        if (++calls === 1) throw rerunOnLostRace(sqlError('23505'))
        return 'joined'
      }),
    )
    expect([result, calls, runs.n]).toEqual(['joined', 2, 2])
  })

  it('never reruns an unmarked error, not even a unique-key clash a route did not mark', async () => {
    const { db, runs } = countingDb()
    const clash = sqlError('23505')
    await expect(retryLostRaces(db).tx(async () => Promise.reject(clash))).rejects.toBe(clash)
    expect(runs.n).toBe(1)
  })

  it('reruns a serialization failure or a deadlock unmarked: the engine rolled it all back (SERIALIZABLE engines)', async () => {
    for (const code of ['40001', '40P01']) {
      const { db, runs } = countingDb()
      let calls = 0
      const result = await retryLostRaces(db, { jitterMs: 1 }).tx(async () => {
        if (++calls === 1) throw sqlError(code)
        return 'again'
      })
      expect([result, runs.n]).toEqual(['again', 2])
    }
  })

  it('gives up after `attempts` runs with a clean 429, not the database error', async () => {
    const { db, runs } = countingDb()
    const failure = retryLostRaces(db, { attempts: 3, jitterMs: 1 }).tx(async () => Promise.reject(rerunOnLostRace(sqlError('40P01'))))
    await expect(failure).rejects.toMatchObject({ status: 429, code: 'too_many_requests' })
    expect(runs.n).toBe(3)
  })

  it('a marked error no transaction reran still answers 429, never a 500', async () => {
    const app = new Hono().get('/', () => Promise.reject(rerunOnLostRace(sqlError('23505'))))
    app.onError(createErrorHandler({ info() {}, warn() {}, error() {} }))
    const res = await app.request('/')
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([429, 'too_many_requests'])
  })
})
