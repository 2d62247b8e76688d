import type { Db } from '../db/Db.js'

/** How long `/readyz` waits for the database's `SELECT 1`. */
export const READINESS_DB_TIMEOUT_MS = 2000

/** What `/readyz` checked: each check 'ok' or why not. */
export type ReadinessChecks = { server: 'ok' | 'stopping'; pool: 'ok' | 'unavailable'; database: 'ok' | 'timeout' | 'error' | 'skipped' }

/** Whether the server should be sent traffic: set up (it exists once createServer finished), not stopping, database answering. */
export interface Readiness {
  readonly stopping: boolean
  /** From now on every check fails: shutdown has started. */
  stop(): void
  check(): Promise<{ ready: boolean; checks: ReadinessChecks }>
}

/** Builds the readiness check; probes arriving while a `SELECT 1` is under way share it, so a probe storm costs one query. */
export function createReadiness(db: Pick<Db, 'query' | 'stats'>, timeoutMs = READINESS_DB_TIMEOUT_MS): Readiness {
  let stopping = false
  let probe: Promise<ReadinessChecks['database']> | null = null
  const ping = () => {
    probe ??= new Promise<ReadinessChecks['database']>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), timeoutMs)
      db.query('SELECT 1').then(
        () => resolve('ok'),
        () => resolve('error'),
      ).finally(() => clearTimeout(timer))
    }).finally(() => {
      probe = null
    })
    return probe
  }
  return {
    get stopping() {
      return stopping
    },
    stop() {
      stopping = true
    },
    async check() {
      const available = db.stats().available
      const checks: ReadinessChecks = {
        server: stopping ? 'stopping' : 'ok',
        pool: available ? 'ok' : 'unavailable',
        database: stopping || !available ? 'skipped' : await ping(),
      }
      return { ready: checks.server === 'ok' && checks.pool === 'ok' && checks.database === 'ok', checks }
    },
  }
}
