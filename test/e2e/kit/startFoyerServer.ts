import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../..', import.meta.url))

/** A running examples/server/main.ts process. */
export interface FoyerServerProcess {
  /** Its output so far (for failure messages). */
  log(): string
  /** SIGTERM, then waits for it to exit (it closes its database first); SIGKILL if it hangs. */
  stop(): Promise<void>
  /** SIGKILL, and waits for it to exit: for a server whose data folder is thrown away anyway. */
  kill(): Promise<void>
}

/**
 * Starts the example Foyer server exactly as `npm start` does (`node --conditions=source --import tsx
 * examples/server/main.ts`) with `env` over this process's environment, and resolves once it listens.
 */
export async function startFoyerServer(env: Record<string, string>, timeoutMs = 120_000): Promise<FoyerServerProcess> {
  let output = ''
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'examples/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const killed = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(killed)
  }
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGKILL')
    await exited
  }

  await new Promise<void>((resolve, reject) => {
    const fail = (why: string) => {
      cleanup()
      void kill().then(() => reject(new Error(`the Foyer server ${why}:\n${output}`)))
    }
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs / 1000} s`), timeoutMs)
    const check = () => {
      if (!output.includes('[foyer] server listening on')) return
      cleanup()
      resolve()
    }
    const onExit = (code: number | null, signal: string | null) => fail(`exited (${signal ?? code}) before listening`)
    const cleanup = () => {
      clearTimeout(timer)
      child.stdout.off('data', check)
      child.off('exit', onExit)
    }
    child.stdout.on('data', check)
    child.once('exit', onExit)
  })
  return { log: () => output, stop, kill }
}
