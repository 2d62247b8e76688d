import type { PGlite, Transaction } from '@electric-sql/pglite'
import type { Db } from './Db.js'

/** The Db interface over an open PGlite instance; close() closes it. */
export function pgliteAsDb(pg: PGlite): Db {
  const stats = () => ({ total: 1, idle: 1, waiting: 0, max: 1, errors: 0, available: !pg.closed })
  // PGlite has a single connection: a nested tx() must reuse the outer transaction or it deadlocks.
  const txDb = (tx: Transaction): Db => {
    const inner: Db = {
      kind: 'pglite',
      query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params as any[])).rows,
      exec: async (sql) => void (await tx.exec(sql)),
      tx: (fn) => fn(inner),
      stats,
      close: async () => {},
    }
    return inner
  }

  return {
    kind: 'pglite',
    query: async <T>(sql: string, params?: unknown[]) => (await pg.query<T>(sql, params as any[])).rows,
    exec: async (sql) => void (await pg.exec(sql)),
    tx: (fn) => pg.transaction((tx) => fn(txDb(tx))),
    stats,
    close: () => pg.close(),
  }
}
