import type { PostgresDbOptions } from './createPostgresDb.js'

const settings = {
  max: 'FOYER_DB_POOL_MAX',
  connectTimeoutMs: 'FOYER_DB_CONNECT_TIMEOUT_MS',
  queueTimeoutMs: 'FOYER_DB_QUEUE_TIMEOUT_MS',
  statementTimeoutMs: 'FOYER_DB_STATEMENT_TIMEOUT_MS',
  idleInTransactionTimeoutMs: 'FOYER_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
  startTimeoutMs: 'FOYER_DB_START_TIMEOUT_MS',
} as const

/** The pool size and timeouts set in the environment; a value that is not a positive whole number stops the start. */
export function postgresOptionsFromEnv(env: NodeJS.ProcessEnv): PostgresDbOptions {
  const options: PostgresDbOptions = {}
  for (const [key, name] of Object.entries(settings) as [keyof typeof settings, string][]) {
    const raw = env[name]
    if (raw === undefined || raw === '') continue
    const value = Number(raw)
    if (!(Number.isInteger(value) && value > 0)) throw new Error(`${name} must be a positive whole number, got ${JSON.stringify(raw)}`)
    options[key] = value
  }
  return options
}
