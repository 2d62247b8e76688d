import pg from 'pg'
import type { Db } from './Db.js'

/** A Db over a PostgreSQL server reached through a `pg` connection pool. */
export async function createPostgresDb(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  // Fail at start, not at the first request, when the database is unreachable.
  await pool.query('SELECT 1')
  const stats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: 10, errors: 0, available: true })

  const clientDb = (client: pg.PoolClient): Db => {
    const inner: Db = {
      kind: 'postgres',
      query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
      exec: async (sql) => void (await client.query(sql)),
      tx: (fn) => fn(inner),
      stats,
      close: async () => {},
    }
    return inner
  }

  return {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    exec: async (sql) => void (await pool.query(sql)),
    async tx(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(clientDb(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    stats,
    close: () => pool.end(),
  }
}
