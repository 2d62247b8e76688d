import { spawn } from 'node:child_process'

/** How a child command ran: its exit code and everything it printed. */
export interface RunResult {
  code: number
  output: string
}

/**
 * The environment for host-app tools: without the variables a parent npm or Vitest set (NODE_ENV=test
 * would make Vite and Next build development React, NODE_ENV=production would make npm skip
 * devDependencies, and npm's script variables name the repository as the project).
 */
export function hostEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'NODE_ENV' || key === 'INIT_CWD' || key === 'npm_config_local_prefix' || key.startsWith('npm_package_') || key.startsWith('npm_lifecycle_') || key.startsWith('VITEST')) continue
    env[key] = value
  }
  return { ...env, NEXT_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0', NO_COLOR: '1', ...extra }
}

/** Runs a command to its end; throws with the tail of its output when it fails or outlives `timeoutMs`. */
export function run(command: string, args: string[], options: { cwd: string; env?: Record<string, string>; timeoutMs?: number }): Promise<RunResult> {
  const timeoutMs = options.timeoutMs ?? 300_000
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: hostEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const result = { code: code ?? 1, output }
      if (code === 0) resolve(result)
      else reject(new Error(`${[command, ...args].join(' ')} (in ${options.cwd}) ${signal ? `was killed (${signal}) after ${timeoutMs / 1000} s` : `exited with ${code}`}:\n${failureLines(output)}`))
    })
  })
}

/** What a failed command said: its compiler errors (`error TS…` lines, which a long --listFiles would push out of sight) first, then its last 4000 characters. */
function failureLines(output: string): string {
  const errors = output.split('\n').filter((line) => /error TS\d+/.test(line)).slice(0, 40)
  return `${errors.length ? `${errors.join('\n')}\n…\n` : ''}${output.slice(-4000)}`
}
