import { createPgliteDb } from '../db/createPgliteDb.js'
import { createPostgresDb } from '../db/createPostgresDb.js'
import type { Db } from '../db/Db.js'
import { postgresOptionsFromEnv } from '../db/postgresOptionsFromEnv.js'
import { runMigrations } from '../db/runMigrations.js'
import { serverMigrations } from '../db/serverMigrations.js'
import type { ServerPlugin } from '../types.js'

/** Options of openServerDb; each defaults as the server's own (DATABASE_URL, FOYER_DATA_DIR). */
export interface OpenServerDbOptions {
  databaseUrl?: string
  dataDir?: string
  /** Plugins whose tables the command needs (their migrations run after the kernel's). */
  plugins?: readonly Pick<ServerPlugin, 'migrations'>[]
}

/**
 * The server's database for an operator command: DATABASE_URL, else the PGlite folder FOYER_DATA_DIR (default
 * ./.foyer-data, which only one process may open: stop the server first), with the kernel's and `plugins`' tables
 * brought up to date. The caller closes it.
 */
export async function openServerDb(options: OpenServerDbOptions = {}): Promise<Db> {
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL
  const db: Db = databaseUrl
    ? await createPostgresDb(databaseUrl, postgresOptionsFromEnv(process.env))
    : await createPgliteDb(options.dataDir ?? process.env.FOYER_DATA_DIR ?? './.foyer-data')
  try {
    await runMigrations(db, serverMigrations(options.plugins ?? []))
    return db
  } catch (error) {
    await db.close().catch(() => {})
    throw error
  }
}
