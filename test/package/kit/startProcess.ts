import { spawn } from 'node:child_process'
import { hostEnv } from './run.js'

/** A long-running command (a server) of a host app. */
export interface RunningProcess {
  log(): string
  stop(): Promise<void>
}

/**
 * Starts `command` in `cwd` (hostEnv + `env`) and waits until `readyUrl` answers (any status) or `timeoutMs` passes; a
 * command that exits or never answers fails with its output. `group`: the command runs in a process group of its own
 * and `stop` signals the whole group, for a command that starts the server as a grandchild (`npx …`, `npm run …`).
 */
export async function startProcess(command: string, args: string[], options: { cwd: string; env: Record<string, string>; readyUrl: string; timeoutMs?: number; group?: boolean }): Promise<RunningProcess> {
  const answers = () => fetch(options.readyUrl, { redirect: 'manual' }).then(() => true, () => false)
  // Something else on the port would pass for the command's server: say so instead.
  if (await answers()) throw new Error(`${options.readyUrl} answers before ${command} starts: another process holds its port`)
  const child = spawn(command, args, { cwd: options.cwd, env: hostEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'], detached: options.group === true })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const running = () => child.exitCode === null && child.signalCode === null
  const signal = (name: NodeJS.Signals) => {
    if (!options.group) return child.kill(name)
    try {
      process.kill(-child.pid!, name)
    } catch {
      // The group has ended.
    }
  }
  const stop = async () => {
    if (!running() && !options.group) return
    const exited = running() ? new Promise((r) => child.once('exit', r)) : Promise.resolve()
    signal('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))])
    // What is left of the group (a grandchild slower than its parent) goes too.
    signal('SIGKILL')
  }
  const deadline = Date.now() + (options.timeoutMs ?? 120_000)
  while (!(await answers())) {
    if (!running() || Date.now() > deadline) {
      const what = running() ? 'did not answer' : 'exited'
      await stop()
      throw new Error(`${[command, ...args].join(' ')} (in ${options.cwd}) ${what}:\n${output.slice(-4000)}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return { log: () => output, stop }
}
