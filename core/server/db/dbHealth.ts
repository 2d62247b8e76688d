import type { Logger } from '../Logger.js'
import { DatabaseUnavailableError } from './DatabaseUnavailableError.js'

/** Whether the database is reachable, as the pool has seen it; a background probe notices its return. */
export interface DbHealth {
  available(): boolean
  /** Connection-level faults seen since start. */
  errors(): number
  /** Throws DatabaseUnavailableError at once while the database is known to be unreachable. */
  check(): void
  /** A connection failed or could not be made: unavailable until a probe gets through. */
  down(error: unknown): void
  /** An idle pooled connection ended: counted and logged; the next use opens a new one. */
  idleFault(error: unknown): void
  /** The database answered 'busy' (timeouts, no slots, a full pool): counted, still available. */
  busy(): void
  close(): void
}

const describe = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? (error as Error | null)?.message ?? 'unknown')

export function createDbHealth(options: { logger: Logger; probeEveryMs: number; probe(): Promise<void> }): DbHealth {
  let available = true
  let errors = 0
  let probing = false
  let closed = false
  let downSince = 0

  const probeUntilBack = async () => {
    if (probing) return
    probing = true
    try {
      while (!closed && !available) {
        await new Promise<void>((resolve) => setTimeout(resolve, options.probeEveryMs).unref())
        if (closed) return
        try {
          await options.probe()
          available = true
          options.logger.info(`[foyer] database reachable again after ${Date.now() - downSince} ms`)
        } catch {
          // Still away; try again.
        }
      }
    } finally {
      probing = false
    }
  }

  return {
    available: () => available,
    errors: () => errors,
    check() {
      if (!available) throw new DatabaseUnavailableError('unreachable')
    },
    down(error) {
      errors += 1
      if (!available || closed) return
      available = false
      downSince = Date.now()
      // The code or pg's message only: never the connection string or a statement's parameters.
      options.logger.warn(`[foyer] database unreachable (${describe(error)}): answering 503 until it is back`)
      void probeUntilBack()
    },
    idleFault(error) {
      errors += 1
      options.logger.warn(`[foyer] an idle database connection ended (${describe(error)})`)
    },
    busy() {
      errors += 1
    },
    close() {
      closed = true
    },
  }
}
