import { hostname } from 'node:os'
import type { Db } from './db/Db.js'
import type { Logger } from './Logger.js'
import type { ServerContext, ServerJob } from './types.js'

/** The server's repeated work: timers that never keep the process alive, one run of a job at a time. */
export interface Jobs {
  /** Starts every job's timer (once; later calls do nothing). */
  start(): void
  /** Runs `name` now; a run under way is awaited instead. Rejects with the job's error. */
  run(name: string): Promise<void>
  /** Stops the timers and waits for the runs under way. */
  stop(): Promise<void>
}

/** Checks the jobs' names and periods; throws before anything starts. */
export function checkJobs(jobs: readonly ServerJob[]): void {
  const names = new Set<string>()
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Server job "${job.name}" is registered twice`)
    if (!(job.everyMs >= 1000)) throw new Error(`Server job "${job.name}": everyMs must be at least 1000`)
    names.add(job.name)
  }
}

export function createJobs(jobs: readonly ServerJob[], ctx: ServerContext, logger: Logger): Jobs {
  const byName = new Map(jobs.map((job) => [job.name, job]))
  const running = new Map<string, Promise<void>>()
  let timers: ReturnType<typeof setInterval>[] | null = null

  const run = (job: ServerJob, claim = false) => {
    const current = running.get(job.name)
    if (current) return current
    // Shared with other instances (PostgreSQL) only when a timer starts it: runJob() runs it here and now.
    const shared = claim && ctx.db.kind === 'postgres'
    const started = (shared ? claimJobRun(ctx.db, job).then((mine) => (mine ? job.run(ctx) : undefined)) : job.run(ctx)).finally(() =>
      running.delete(job.name),
    )
    running.set(job.name, started)
    return started
  }

  return {
    start() {
      if (timers) return
      timers = jobs.map((job) => {
        const timer = setInterval(() => {
          // A slow run is never overlapped by the next tick; only the job's name is logged, never its error.
          if (!running.has(job.name)) run(job, true).catch(() => logger.warn(`[foyer] job "${job.name}" failed`))
        }, job.everyMs)
        timer.unref()
        return timer
      })
    },
    run(name) {
      const job = byName.get(name)
      return job ? run(job) : Promise.reject(new Error(`Unknown server job "${name}"`))
    },
    async stop() {
      for (const timer of timers ?? []) clearInterval(timer)
      timers = null
      await Promise.allSettled(running.values())
    },
  }
}

const instance = `${hostname()}:${process.pid}`

/**
 * On PostgreSQL, N instances share the work: a timer's run goes ahead only if this instance claims the job's period
 * (its lease row is older than 90% of the period, by the database's clock, so instances' clocks don't matter). A row
 * claim rather than an advisory lock: one statement, no connection held while the job runs, and it runs unchanged on
 * PostgreSQL-compatible distributed engines. PGlite is one process: nothing to share.
 */
export async function claimJobRun(db: Db, job: ServerJob): Promise<boolean> {
  if (db.kind !== 'postgres') return true
  const rows = await db.query(
    `INSERT INTO job_leases (name, claimed_at, claimed_by) VALUES ($1, now(), $2)
     ON CONFLICT (name) DO UPDATE SET claimed_at = now(), claimed_by = $2
     WHERE job_leases.claimed_at <= now() - $3::float8 * interval '1 second'
     RETURNING name`,
    [job.name, instance, (job.everyMs * 0.9) / 1000],
  )
  return rows.length === 1
}
