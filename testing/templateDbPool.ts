import type { Db } from '../core/server/db/Db.js'

// Opening a PGlite database from a template costs about a second of CPU (the WebAssembly instance, the file-system
// bundle, the dump unpacked, postgres started), and a test suite opens hundreds: most of a server test's time. A closed
// test database is instead emptied back to the template's state (every table truncated, the template's own rows put
// back, its sequences reset) in a few milliseconds and handed to the next test that asks for the same migrations.
// A database whose schema a test changed (a trigger, a table) is closed instead, and so is one that would not empty.

/** The most emptied databases kept per process (each holds its WebAssembly memory); more are closed. */
const MAX_IDLE = 3
/** How often one database is reused before it is closed for a fresh one (a test database's memory only grows). */
const MAX_USES = 40
/** A reset that takes longer (a transaction a test left open) gives the database up. */
const RESET_TIMEOUT_MS = 5_000

/** How a template's fresh state is restored: computed once per template from its first database. */
interface Reset {
  sql: string
  seeds: { table: string; rows: string }[]
  fingerprint: string
}

interface Pooled {
  key: string
  db: Db
  uses: number
}

const idle: Pooled[] = []
const resets = new Map<string, Promise<Reset>>()

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

/** What a test could change about the schema: tables and their columns, constraints, triggers, functions, sequences. */
const FINGERPRINT_SQL = `SELECT md5(coalesce(string_agg(x, ',' ORDER BY x), '')) AS f FROM (
  SELECT c.relname || ':' || c.relkind::text || ':' || coalesce(a.attname, '') || ':' || coalesce(format_type(a.atttypid, a.atttypmod), '') || ':' || coalesce(a.attnotnull::text, '') AS x
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE n.nspname = 'public'
  UNION ALL SELECT 'constraint:' || conname FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace WHERE n.nspname = 'public'
  UNION ALL SELECT 'trigger:' || tgname FROM pg_trigger WHERE NOT tgisinternal
  UNION ALL SELECT 'function:' || proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
) s`

const fingerprintOf = async (db: Db) => (await db.query<{ f: string }>(FINGERPRINT_SQL))[0]!.f

/** Reads, from a database just opened from the template, what a reset must restore. */
async function resetOf(db: Db): Promise<Reset> {
  const tables = (await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")).map((t) => t.name)
  const sequences = await db.query<{ name: string; start: string; last: string | null }>(
    "SELECT sequencename AS name, start_value::text AS start, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'",
  )
  const seeds: Reset['seeds'] = []
  for (const table of tables) {
    const [row] = await db.query<{ rows: string | null }>(`SELECT json_agg(t)::text AS rows FROM ${ident(table)} t`)
    if (row?.rows) seeds.push({ table, rows: row.rows })
  }
  const setvals = sequences.map((s) => `SELECT setval('${ident(s.name).replaceAll("'", "''")}', ${s.last ?? s.start}, ${s.last !== null});`)
  const truncate = tables.length ? `TRUNCATE ${tables.map(ident).join(', ')} RESTART IDENTITY CASCADE;` : ''
  return { sql: [truncate, ...setvals].join('\n'), seeds, fingerprint: await fingerprintOf(db) }
}

async function reset(db: Db, plan: Reset): Promise<boolean> {
  if (!db.stats().available) return false
  if ((await fingerprintOf(db)) !== plan.fingerprint) return false
  await db.tx(async (tx) => {
    await tx.exec(plan.sql)
    for (const seed of plan.seeds) {
      await tx.query(`INSERT INTO ${ident(seed.table)} SELECT * FROM json_populate_recordset(NULL::${ident(seed.table)}, $1::json)`, [seed.rows])
    }
  })
  return true
}

const closeQuietly = (db: Db) => void db.close().catch(() => {})

/**
 * A database for `key` (a template's migration set): an emptied one from the pool, else `open()`. Its `close()`
 * empties it back into the pool; after that, the handle answers like a closed PGlite (every call fails) so a late
 * query of a closed server can't reach the next test's data.
 */
export async function leaseTemplateDb(key: string, open: () => Promise<Db>): Promise<Db> {
  const at = idle.findIndex((p) => p.key === key)
  const pooled = at >= 0 ? idle.splice(at, 1)[0]! : { key, db: await open(), uses: 0 }
  if (!resets.has(key)) {
    const plan = resetOf(pooled.db)
    resets.set(key, plan)
    plan.catch(() => resets.delete(key))
    try {
      await plan
    } catch (error) {
      closeQuietly(pooled.db)
      throw error
    }
  }
  pooled.uses += 1
  let closed = false
  const live = <T>(call: () => Promise<T>): Promise<T> => (closed ? Promise.reject(new Error('PGlite is closed')) : call())
  const { db } = pooled
  return {
    kind: db.kind,
    query: (sql, params) => live(() => db.query(sql, params)),
    exec: (sql) => live(() => db.exec(sql)),
    tx: (fn) => live(() => db.tx(fn)),
    stats: () => (closed ? { ...db.stats(), available: false } : db.stats()),
    async close() {
      if (closed) return
      closed = true
      const plan = resets.get(key)
      let emptied = false
      if (plan && pooled.uses < MAX_USES) {
        let timer: ReturnType<typeof setTimeout> | undefined
        const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), RESET_TIMEOUT_MS)))
        emptied = await Promise.race([plan.then((p) => reset(db, p)), timeout]).catch(() => false)
        clearTimeout(timer)
      }
      if (!emptied) return closeQuietly(db)
      idle.push(pooled)
      while (idle.length > MAX_IDLE) closeQuietly(idle.shift()!.db)
    },
  }
}
