import type { Db } from './Db.js'

/** One forward-only migration: plain SQL that runs on PGlite and PostgreSQL alike. */
export interface Migration {
  /** Unique and stable forever: `<plugin id>/<nnn>_<name>`. */
  id: string
  sql: string
}

/** Applies the migrations not yet recorded in schema_migrations, in order, in one transaction. */
export async function runMigrations(db: Db, migrations: readonly Migration[]): Promise<string[]> {
  const ids = new Set<string>()
  for (const m of migrations) {
    if (ids.has(m.id)) throw new Error(`Duplicate migration id: ${m.id}`)
    ids.add(m.id)
  }
  return db.tx(async (tx) => {
    // Two instances starting together must not both apply the same migration.
    await tx.query(`SELECT pg_advisory_xact_lock(738120001)`)
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const done = new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id))
    const applied: string[] = []
    for (const m of migrations) {
      if (done.has(m.id)) continue
      await tx.exec(m.sql)
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id])
      applied.push(m.id)
    }
    return applied
  })
}
