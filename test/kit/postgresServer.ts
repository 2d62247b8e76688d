import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../e2e/kit/freePort.js'

/** A throwaway PostgreSQL cluster of a test's own, which the test may stop, kill and start again. */
export interface PostgresServer {
  /** `postgres://foyer@127.0.0.1:<port>/foyer` (trust authentication on loopback). */
  readonly url: string
  readonly port: number
  /** Starts the server (again) on the same port and folder; resolves once it accepts connections. */
  start(): Promise<void>
  /** A fast shutdown (SIGINT): open connections are ended, as in a restart or a failover. */
  stop(): Promise<void>
  /** SIGSTOP / SIGCONT: the server freezes (a hung database) without closing anything. */
  freeze(): void
  thaw(): void
  /** Stops the server and removes its folder. */
  close(): Promise<void>
}

/** Where Debian's PostgreSQL binaries are (FOYER_PG_BIN overrides): the newest /usr/lib/postgresql/<n>/bin. */
export function postgresBinDir(): string {
  if (process.env.FOYER_PG_BIN) return process.env.FOYER_PG_BIN
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : []
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0]
  if (!newest) throw new Error('PostgreSQL is not installed: apt-get install postgresql (or set FOYER_PG_BIN to its bin folder); .ci/run installs it')
  return join(root, newest, 'bin')
}

// PostgreSQL refuses to run as root: as root (CI), the cluster belongs to the 'postgres' user Debian's package made.
// The processes are spawned with its uid directly (runuser would stay between, and stop itself when the server is
// stopped with SIGSTOP).
const asRoot = process.getuid?.() === 0
const owner = (): { uid?: number; gid?: number } => (asRoot ? idOf('postgres') : {})

/** initdb into a temp folder and start `postgres` on a free loopback port. */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = postgresBinDir()
  const dir = mkdtempSync(join(tmpdir(), 'foyer-pg-'))
  const user = owner()
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid!)
  chmodSync(dir, 0o700)
  const data = join(dir, 'data')
  const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'foyer', '--no-sync', '-E', 'UTF8'], { encoding: 'utf8', cwd: dir, ...user })
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`)
  const port = await freePort()
  let child: ChildProcess | null = null
  let exited: Promise<void> = Promise.resolve()

  const start = async () => {
    if (child) return
    const proc = spawn(join(bin, 'postgres'), [
      '-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off',
      '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
    ], { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir, ...user })
    let stderr = ''
    proc.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-4000)))
    child = proc
    exited = new Promise((resolve) => proc.once('exit', () => resolve()))
    exited.then(() => {
      if (child === proc) child = null
    })
    const deadline = Date.now() + 30_000
    for (;;) {
      const ready = spawnSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'foyer', '-d', 'postgres'])
      if (ready.status === 0) break
      if (!child || Date.now() > deadline) throw new Error(`postgres did not start: ${stderr}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    if (!created) {
      const made = spawnSync(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'foyer', '-d', 'postgres', '-qc', 'CREATE DATABASE foyer'], { encoding: 'utf8' })
      if (made.status !== 0) throw new Error(`CREATE DATABASE failed: ${made.stderr}`)
      created = true
    }
  }
  let created = false

  const signal = (sig: NodeJS.Signals) => {
    if (child?.pid) process.kill(child.pid, sig)
  }
  const stop = async () => {
    if (!child) return
    signal('SIGCONT')
    signal('SIGINT')
    await exited
  }

  await start()
  return {
    url: `postgres://foyer@127.0.0.1:${port}/foyer`,
    port,
    start,
    stop,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    async close() {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function idOf(user: string): { uid: number; gid: number } {
  const uid = Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim())
  const gid = Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim())
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error(`No user "${user}" to run PostgreSQL as`)
  return { uid, gid }
}
