import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { repoRoot } from './packFoyer.js'
import { hostEnv } from './run.js'

/** A running Foyer server. */
export interface FoyerServer {
  apiUrl: string
  appId: string
  log(): string
  stop(): Promise<void>
}

/**
 * Starts examples/server/main.ts, the self-hoster's composition, WITHOUT the `source` condition: its
 * `foyer/server` and `foyer/plugins/<id>/server` imports then resolve through the package's exports to
 * the freshly built dist/, the same files the tarball carries, so the published server half runs too.
 * tsx only compiles main.ts itself. Fresh PGlite data folder; the dev app allows `appPort`'s origin. `env`: more
 * settings (FOYER_DEV_APP).
 */
export async function startFoyerServer(port: number, appPort: number, env: Record<string, string> = {}): Promise<FoyerServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-package-data-'))
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/server/main.ts'], {
    cwd: repoRoot,
    env: hostEnv({ ...env, PORT: String(port), APP_PORT: String(appPort), FOYER_DATA_DIR: dataDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))])
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the Foyer server did not start in 180 s:\n${output}`)), 180_000)
    const check = () => {
      if (output.includes('server listening on')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the Foyer server exited with ${code}:\n${output}`))
    })
  }).catch(async (error) => {
    await stop()
    throw error
  })
  return { apiUrl: `http://localhost:${port}`, appId: 'foyer_dev_app_00000000001', log: () => output, stop }
}
