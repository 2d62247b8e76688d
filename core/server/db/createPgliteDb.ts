import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { Db } from './Db.js'
import { lockDataDir } from './lockDataDir.js'
import { pgliteAsDb } from './pgliteAsDb.js'

/** Options of createPgliteDb. */
export interface CreatePgliteDbOptions {
  /**
   * A data folder dump (PGlite's `dumpDataDir()`, by the same PGlite version), or the path of one, that a
   * new database starts from instead of running initdb, which takes seconds. Used only when `dataDir`
   * holds no database yet; a path is read only then. Default: the path in FOYER_PGLITE_TEMPLATE, if set.
   */
  template?: Blob | string
}

/** A Db over an embedded PGlite database in `dataDir` (':memory:' keeps it in memory). */
export async function createPgliteDb(dataDir: string, options: CreatePgliteDbOptions = {}): Promise<Db> {
  const memory = dataDir === ':memory:'
  if (!memory) mkdirSync(dataDir, { recursive: true })
  // One process per folder: a second one refuses to start rather than split the data.
  const release = memory ? () => {} : lockDataDir(dataDir)
  // PGlite refuses a dump over an existing database: a persisted folder keeps its data.
  const fresh = memory || !existsSync(join(dataDir, 'PG_VERSION'))
  const template = options.template ?? process.env.FOYER_PGLITE_TEMPLATE
  const loadDataDir = fresh && template ? (typeof template === 'string' ? new Blob([readFileSync(template)]) : template) : undefined
  try {
    const db = pgliteAsDb(await PGlite.create({ ...(memory ? {} : { dataDir }), ...(loadDataDir ? { loadDataDir } : {}) }))
    return {
      ...db,
      async close() {
        try {
          await db.close()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    release()
    throw error
  }
}
