import { spawn } from 'node:child_process'
import { hostEnv } from './run.js'

/** A long-running command (a server) of a host app. */
export interface RunningProcess {
  log(): string
  stop(): Promise<void>
}

/**
 * Starts `command` in `cwd` (hostEnv + `env`) and waits until `readyUrl` answers (any status) or `timeoutMs` passes; a
 * command that exits or never answers fails with its output.
 */
export async function startProcess(command: string, args: string[], options: { cwd: string; env: Record<string, string>; readyUrl: string; timeoutMs?: number }): Promise<RunningProcess> {
  const answers = () => fetch(options.readyUrl, { redirect: 'manual' }).then(() => true, () => false)
  // Something else on the port would pass for the command's server: say so instead.
  if (await answers()) throw new Error(`${options.readyUrl} answers before ${command} starts: another process holds its port`)
  const child = spawn(command, args, { cwd: options.cwd, env: hostEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const running = () => child.exitCode === null && child.signalCode === null
  const stop = async () => {
    if (!running()) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))])
    if (running()) child.kill('SIGKILL')
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
