import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'

/** The lock file a PGlite data folder holds while a process has it open. */
export const DATA_DIR_LOCK_FILE = 'foyer.lock'

/** Thrown when another live process holds the folder. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

interface LockOwner {
  pid: number
  host: string
  /** The process's start time (Linux /proc), so a recycled pid is not taken for the holder. */
  started: string | null
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and ends with ')'); null off Linux. */
const procStat = (pid: number): string[] | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null
  }
}
// Field 22 (start time) and field 3 (state: 'Z' is a killed process its parent has not reaped yet).
const startTimeOf = (pid: number): string | null => procStat(pid)?.[19] ?? null
const isZombie = (pid: number): boolean => procStat(pid)?.[0] === 'Z'

const alive = (owner: LockOwner): boolean => {
  if (owner.host !== hostname()) return true // Another machine's process (a shared volume): can't tell, so it holds.
  try {
    process.kill(owner.pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  if (isZombie(owner.pid)) return false
  return owner.started === null || startTimeOf(owner.pid) === null || startTimeOf(owner.pid) === owner.started
}

const held = new Set<string>()

/**
 * Takes the data folder for this process: PGlite is one process, and two servers on one folder split silently, the
 * last to stop overwriting the other's writes. A lock left by a process that is gone (SIGKILL, a crash) is taken
 * over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const folder = resolve(dataDir)
  const file = join(folder, DATA_DIR_LOCK_FILE)
  if (held.has(file)) throw new DataDirLockedError(`This process already has the PGlite data folder ${folder} open: close that server first.`)
  const me: LockOwner = { pid: process.pid, host: hostname(), started: startTimeOf(process.pid) }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, JSON.stringify(me))
      closeSync(fd)
      held.add(file)
      const release = () => {
        if (!held.delete(file)) return
        try {
          if ((JSON.parse(readFileSync(file, 'utf8')) as LockOwner).pid === me.pid) unlinkSync(file)
        } catch {
          // Already gone.
        }
      }
      process.once('exit', release)
      return () => {
        process.removeListener('exit', release)
        release()
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let owner: LockOwner | null = null
    try {
      owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner
    } catch {
      owner = null // Half written or unreadable: treat as left behind.
    }
    if (owner && alive(owner)) {
      throw new DataDirLockedError(
        `Another Foyer server (pid ${owner.pid}${owner.host === me.host ? '' : ` on ${owner.host}`}) is using the PGlite data folder ${folder}. ` +
          'PGlite is for one process: stop that server, or run several instances on PostgreSQL (DATABASE_URL; see "PostgreSQL" in docs/self-hosting.md). ' +
          `If that process is gone, delete ${file}.`,
      )
    }
    if (existsSync(file)) unlinkSync(file)
  }
  throw new DataDirLockedError(`Could not take the PGlite data folder ${folder}: its lock file ${file} keeps coming back.`)
}
