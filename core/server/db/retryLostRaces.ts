import { HttpError } from '../HttpError.js'
import type { Db } from './Db.js'

// unique_violation, serialization_failure, deadlock_detected: another transaction won a race this one can rerun.
const RACE_STATES = new Set(['23505', '40001', '40P01'])
const RERUN = Symbol.for('foyer.rerunTransaction')

/** Options of retryLostRaces. */
export interface RetryLostRacesOptions {
  /** Runs of the whole transaction, the first included. Default 3. */
  attempts?: number
  /** The most a rerun waits first, times its number (random below it, so racers spread). Default 25 ms. */
  jitterMs?: number
}

/** True for an error a statement raised because a concurrent transaction won a race (a unique key, a deadlock). */
export const isLostRace = (error: unknown): boolean => RACE_STATES.has((error as { code?: unknown } | null)?.code as string)

/**
 * Marks `error`, when it is a lost race, so the outermost transaction reruns from its start; answers it to rethrow.
 * A login marks its own clashes: whatever the route spent before it in the same transaction (a code, a nonce, a
 * signed message) is rolled back with it and spent again by the rerun, which then finds the winner's user.
 */
export function rerunOnLostRace<E>(error: E): E {
  if (isLostRace(error) && !(error as Record<symbol, unknown>)[RERUN]) Object.defineProperty(error, RERUN, { value: true })
  return error
}

/** serialization_failure or deadlock_detected: the engine itself rolled the transaction back. */
const isRolledBackByEngine = (error: unknown): boolean => ['40001', '40P01'].includes((error as { code?: unknown } | null)?.code as string)

/** True for an error marked by rerunOnLostRace. */
export const isMarkedForRerun = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[RERUN] === true

/** What a request that lost every run is told (only a storm of racers can get here): try again, not a 500. */
export const LOST_RACE_MESSAGE = 'Too many simultaneous sign-ins of this account. Please try again.'

/** The clean answer when every run lost: 429 too_many_requests. */
export const lostRaceError = () => new HttpError(429, 'too_many_requests', LOST_RACE_MESSAGE)

/**
 * Wraps a Db so its outermost transactions rerun, up to `attempts` times, when they fail with an error marked by
 * rerunOnLostRace. Transactions inside one join it (the Db handed to `fn` is not wrapped), so the rerun is always of
 * the whole unit of work a route began, never of a part whose effects were already rolled back.
 */
export function retryLostRaces(db: Db, options: RetryLostRacesOptions = {}): Db {
  const attempts = options.attempts ?? 3
  const jitterMs = options.jitterMs ?? 25
  return {
    kind: db.kind,
    query: <T>(sql: string, params?: unknown[]) => db.query<T>(sql, params),
    exec: (sql) => db.exec(sql),
    async tx(fn) {
      for (let run = 1; ; run++) {
        try {
          return await db.tx(fn)
        } catch (error) {
          // A serialization failure or a deadlock rolled the whole transaction back: rerunning it is always safe
          // (routine on SERIALIZABLE engines such as CockroachDB). A unique clash only where a login marked it.
          if (!isMarkedForRerun(error) && !isRolledBackByEngine(error)) throw error
          if (run >= attempts) throw lostRaceError()
          await new Promise((resolve) => setTimeout(resolve, Math.random() * jitterMs * run))
        }
      }
    },
    stats: () => db.stats(),
    close: () => db.close(),
  }
}
