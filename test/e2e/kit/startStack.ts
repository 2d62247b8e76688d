import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../..', import.meta.url))

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** The running server + example app started exactly as `npm start` does, on free ports. */
export interface Stack {
  appUrl: string
  apiUrl: string
  appId: string
  /** Output of both processes so far (for failure messages). */
  log(): string
  stop(): Promise<void>
}

/** Starts `node scripts/start.mjs` with a fresh data folder and waits for its banner. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const [port, appPort] = [await freePort(), await freePort()]
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-e2e-'))
  let output = ''
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), APP_PORT: String(appPort), FOYER_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stack did not start in 120 s:\n${output}`)), 120_000)
    const check = () => {
      if (output.includes('Foyer is running')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', check)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`stack exited with ${code}:\n${output}`))
    })
  })
  child.removeAllListeners('exit')
  return {
    appUrl: `http://localhost:${appPort}`,
    apiUrl: `http://localhost:${port}`,
    appId: env.FOYER_DEV_APP_ID ?? 'foyer_dev_app_00000000001',
    log: () => output,
    async stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM')
      } catch {}
      await new Promise((r) => setTimeout(r, 500))
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {}
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
