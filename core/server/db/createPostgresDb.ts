import pg from 'pg'
import type { Logger } from '../Logger.js'
import { isConnectionFault, isOverload } from './connectionFault.js'
import { DatabaseUnavailableError } from './DatabaseUnavailableError.js'
import type { Db } from './Db.js'
import { createDbHealth } from './dbHealth.js'

/** How the server uses PostgreSQL: pool size and timeouts (docs/self-hosting.md's settings table names their variables). */
export interface PostgresDbOptions {
  /** Most connections one instance opens (FOYER_DB_POOL_MAX). Default 10. */
  max?: number
  /** A new connection must come within this (FOYER_DB_CONNECT_TIMEOUT_MS). Default 2000. */
  connectTimeoutMs?: number
  /**
   * A request may wait this long for a free connection while every one of a full pool is alive and busy, a burst the
   * database is answering (FOYER_DB_QUEUE_TIMEOUT_MS); past it the request is shed with 503 busy. Default 10000.
   */
  queueTimeoutMs?: number
  /** PostgreSQL cancels a statement running longer (FOYER_DB_STATEMENT_TIMEOUT_MS). Default 15000. */
  statementTimeoutMs?: number
  /** PostgreSQL ends a session idle inside a transaction this long (FOYER_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS). Default 15000. */
  idleInTransactionTimeoutMs?: number
  /** How long a start waits for an unreachable database before it gives up. Default 60000. */
  startTimeoutMs?: number
  /** How often an unreachable database is tried again. Default 250. */
  probeEveryMs?: number
  logger?: Logger
}

const silent: Logger = { info() {}, warn() {}, error() {} }
const READ_ONLY = /^\s*SELECT\b/i
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A Db over a PostgreSQL server reached through a `pg` connection pool. The database is weather: a dropped or refused
 * connection never ends the process; while the database is unreachable every call fails at once with
 * DatabaseUnavailableError (503) and a background probe notices its return; a statement that only reads, and a
 * transaction whose connection dropped before COMMIT (so PostgreSQL rolled it back), are tried once more.
 */
export async function createPostgresDb(connectionString: string, options: PostgresDbOptions = {}): Promise<Db> {
  const max = options.max ?? 10
  const connectTimeoutMs = options.connectTimeoutMs ?? 2000
  const queueTimeoutMs = Math.max(options.queueTimeoutMs ?? 10_000, connectTimeoutMs)
  const statementTimeoutMs = options.statementTimeoutMs ?? 15_000
  const logger = options.logger ?? silent
  if (!(Number.isInteger(max) && max >= 1 && max <= 1000)) throw new Error(`The database pool size must be a whole number in 1..1000, got ${max}`)
  const config: pg.PoolConfig = {
    connectionString,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: 'foyer',
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 15_000,
    // A frozen server never answers, so the statement timeout can't fire: the client gives up a little later.
    query_timeout: statementTimeoutMs + 2000,
  }
  const pool = new pg.Pool(config)
  const health = createDbHealth({
    logger,
    probeEveryMs: options.probeEveryMs ?? 250,
    async probe() {
      const client = new pg.Client({ ...config, query_timeout: connectTimeoutMs })
      client.on('error', () => {})
      try {
        await client.connect()
        await client.query('SELECT 1')
      } finally {
        await client.end().catch(() => {})
      }
    },
  })
  // An idle connection the server ended (a restart, idle_session_timeout, a network reset) leaves the pool; without
  // this listener its 'error' event would end the process.
  pool.on('error', (error) => health.idleFault(error))

  await waitForDatabase(pool, options.startTimeoutMs ?? 60_000, logger)

  /** pg-pool's wait for a connection ran out while the pool was full: its connections are alive, all in use. */
  const poolFull = (error: unknown) => pool.totalCount >= max && Boolean((error as Error)?.message?.includes('timeout exceeded when trying to connect'))

  /** What a failure becomes: busy or unreachable → DatabaseUnavailableError; a statement's own error as it is. */
  const translate = (error: unknown): unknown => {
    if (error instanceof DatabaseUnavailableError) return error
    if (isOverload(error) || poolFull(error)) {
      health.busy()
      return new DatabaseUnavailableError('busy', { cause: error })
    }
    if (isConnectionFault(error)) {
      health.down(error)
      return new DatabaseUnavailableError('unreachable', { cause: error })
    }
    return error
  }

  /**
   * A connection from the pool. pg-pool gives one wait (connectTimeoutMs) to a new connection and to a free one alike;
   * a full pool of live connections is a burst being served, not a database away, so its waiters queue on, in turns of
   * that wait, up to queueTimeoutMs before they are shed as busy.
   */
  const acquire = async (): Promise<pg.PoolClient> => {
    const started = Date.now()
    for (;;) {
      try {
        return await pool.connect()
      } catch (error) {
        if (poolFull(error) && Date.now() - started + connectTimeoutMs <= queueTimeoutMs) continue
        throw translate(error)
      }
    }
  }

  /** A pooled connection; one that failed mid-use is destroyed on release, never handed out again. */
  const withClient = async <T>(use: (client: pg.PoolClient, broken: () => void) => Promise<T>): Promise<T> => {
    health.check()
    // No connection: nothing was sent, and the database is unreachable or the pool full.
    const client = await acquire()
    let isBroken = false
    const broken = () => void (isBroken = true)
    // A checked-out connection has no pool listener: its 'error' event must be heard here.
    client.on('error', broken)
    try {
      return await use(client, broken)
    } catch (error) {
      if (isConnectionFault(error)) isBroken = true
      throw error
    } finally {
      client.removeListener('error', broken)
      client.release(isBroken || undefined)
    }
  }

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

  const stats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max, errors: health.errors(), available: health.available() })

  const query = <T>(sql: string, params?: unknown[]) => withClient(async (client) => (await client.query(sql, params)).rows as T[])

  /** One transaction; `committing` tells whether COMMIT was sent when it failed (then its outcome is unknown). */
  const txOnce = <T>(fn: (db: Db) => Promise<T>, state: { committing: boolean }) =>
    withClient(async (client, broken) => {
      await client.query('BEGIN')
      try {
        const result = await fn(clientDb(client))
        state.committing = true
        await client.query('COMMIT')
        return result
      } catch (error) {
        if (!state.committing && !isConnectionFault(error)) await client.query('ROLLBACK').catch(broken)
        throw error
      }
    })

  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      try {
        return await query<T>(sql, params)
      } catch (error) {
        // A read is safe to repeat on a fresh connection; a write's outcome is unknown, so it is the caller's to retry.
        if (!(isConnectionFault(error) && READ_ONLY.test(sql))) throw translate(error)
        return query<T>(sql, params).catch((again) => Promise.reject(translate(again)))
      }
    },
    async exec(sql) {
      await query(sql).catch((error) => Promise.reject(translate(error)))
    },
    async tx(fn) {
      const state = { committing: false }
      try {
        return await txOnce(fn, state)
      } catch (error) {
        // Dropped before COMMIT: PostgreSQL rolled it back, so running it again on a new connection is safe.
        if (!(isConnectionFault(error) && !state.committing)) throw translate(error)
        const again = { committing: false }
        return txOnce(fn, again).catch((second) => Promise.reject(translate(second)))
      }
    },
    stats,
    async close() {
      health.close()
      await pool.end()
    },
  }
}

/** Waits for the database at start (a database still booting, a deploy that starts both): gives up after `timeoutMs`. */
async function waitForDatabase(pool: pg.Pool, timeoutMs: number, logger: Logger): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let told = false
  for (;;) {
    try {
      await pool.query('SELECT 1')
      if (told) logger.info('[foyer] database reachable')
      return
    } catch (error) {
      // Bad credentials or a missing database are not weather: fail now.
      if (!isConnectionFault(error) || Date.now() > deadline) {
        await pool.end().catch(() => {})
        throw error
      }
      if (!told) logger.warn(`[foyer] waiting for the database (${(error as { code?: string }).code ?? (error as Error).message})`)
      told = true
      await sleep(500)
    }
  }
}
