import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { Transaction } from '@electric-sql/pglite'
import type { Db } from './Db.js'

/** A Db over an embedded PGlite database in `dataDir` (':memory:' keeps it in memory). */
export async function createPgliteDb(dataDir: string): Promise<Db> {
  if (dataDir !== ':memory:') mkdirSync(dataDir, { recursive: true })
  const pg = dataDir === ':memory:' ? await PGlite.create() : await PGlite.create(dataDir)

  // PGlite has a single connection: a nested tx() must reuse the outer transaction or it deadlocks.
  const txDb = (tx: Transaction): Db => {
    const inner: Db = {
      kind: 'pglite',
      query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params as any[])).rows,
      exec: async (sql) => void (await tx.exec(sql)),
      tx: (fn) => fn(inner),
      close: async () => {},
    }
    return inner
  }

  return {
    kind: 'pglite',
    query: async <T>(sql: string, params?: unknown[]) => (await pg.query<T>(sql, params as any[])).rows,
    exec: async (sql) => void (await pg.exec(sql)),
    tx: (fn) => pg.transaction((tx) => fn(txDb(tx))),
    close: () => pg.close(),
  }
}
