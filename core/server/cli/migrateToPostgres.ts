import { createPgliteDb } from '../db/createPgliteDb.js'
import { createPostgresDb } from '../db/createPostgresDb.js'
import type { Db } from '../db/Db.js'

/** What a move copied: rows per table. */
export interface MigrateToPostgresReport {
  tables: Record<string, number>
  rows: number
}

const BATCH = 500
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Moves a PGlite data folder's data into PostgreSQL (`foyer migrate-to-postgres`). The server must be stopped (the
 * folder's lock says so) and must have started once on the PostgreSQL database with the same plugins, so its tables
 * exist (its migrations are the source of the schema); that database must have no users yet. Every table's rows are
 * copied in one transaction, parents before children, with the server's secret and signing keys, so sessions,
 * tokens and wallets go on working; sequences follow.
 */
export async function migrateToPostgres(options: { dataDir: string; databaseUrl: string }): Promise<MigrateToPostgresReport> {
  const source = await createPgliteDb(options.dataDir)
  let target: Db | null = null
  try {
    target = await createPostgresDb(options.databaseUrl, { startTimeoutMs: 5000 })
    const sourceTables = await tablesOf(source)
    if (!sourceTables.includes('schema_migrations')) throw new Error(`${options.dataDir} holds no Foyer database.`)
    const targetTables = new Set(await tablesOf(target))
    const applied = async (db: Db) => new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id))
    const targetMigrations: Set<string> = targetTables.has('schema_migrations') ? await applied(target) : new Set()
    const notMigrated = [...(await applied(source))].filter((id) => !targetMigrations.has(id))
    if (notMigrated.length) {
      throw new Error(
        `The PostgreSQL database lacks migrations the PGlite one has (${notMigrated.slice(0, 5).join(', ')}${notMigrated.length > 5 ? ', …' : ''}): ` +
          'start the server once with DATABASE_URL and the same plugins, so it creates the tables, stop it, then run this again.',
      )
    }
    const tables = sourceTables.filter((t) => t !== 'schema_migrations')
    const absent = tables.filter((t) => !targetTables.has(t))
    if (absent.length) throw new Error(`The PostgreSQL database has no table ${absent.join(', ')}: start the server on it once with the same plugins.`)
    if (targetTables.has('users') && Number((await target.query<{ n: string }>('SELECT count(*) AS n FROM users'))[0]!.n) > 0) {
      throw new Error('The PostgreSQL database already has users: moving into it would mix two databases. Use an empty one.')
    }
    const ordered = parentsFirst(tables, await foreignKeys(source))
    const report: MigrateToPostgresReport = { tables: {}, rows: 0 }
    await target.tx(async (tx) => {
      // What the server made at its first start there (its secret, a signing key) gives way to the folder's.
      await tx.exec(`TRUNCATE ${ordered.map(quote).join(', ')}`)
      for (const table of ordered) {
        let copied = 0
        for (let offset = 0; ; offset += BATCH) {
          const [{ rows }] = (await source.query<{ rows: string }>(
            `SELECT coalesce(json_agg(t), '[]')::text AS rows FROM (SELECT * FROM ${quote(table)} ORDER BY ctid LIMIT ${BATCH} OFFSET ${offset}) t`,
          )) as [{ rows: string }]
          const count = (JSON.parse(rows) as unknown[]).length
          if (!count) break
          await tx.query(`INSERT INTO ${quote(table)} SELECT * FROM json_populate_recordset(NULL::${quote(table)}, $1::json)`, [rows])
          copied += count
          if (count < BATCH) break
        }
        report.tables[table] = copied
        report.rows += copied
        for (const { column } of await tx.query<{ column: string }>(
          `SELECT column_name AS column FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_default LIKE 'nextval(%'`,
          [table],
        )) {
          await tx.query(`SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${quote(column)}) FROM ${quote(table)}), 0) + 1, false)`, [table, column])
        }
      }
    })
    return report
  } finally {
    await target?.close().catch(() => {})
    await source.close()
  }
}

const tablesOf = async (db: Db) =>
  (await db.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).map((r) => r.name)

const foreignKeys = (db: Db) =>
  db.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`,
  )

/** The tables ordered so that every table comes after the ones its foreign keys point at. */
function parentsFirst(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const done = new Set<string>()
  const out: string[] = []
  const visit = (table: string, path: Set<string>) => {
    if (done.has(table) || path.has(table)) return
    path.add(table)
    for (const e of edges) if (e.child === table && e.parent !== table && tables.includes(e.parent)) visit(e.parent, path)
    done.add(table)
    out.push(table)
  }
  for (const table of tables) visit(table, new Set())
  return out
}
