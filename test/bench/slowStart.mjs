// `npm run bench:slow-start`: `npm start` on a much slower machine still comes up (or fails clearly with everything
// stopped). It is pinned to one core (taskset) that sixteen CPU burners share with it: the scheduler shares a core per
// process, so the start's six processes get about 6/22 of one core of two, an eighth of this machine's CPU. Prints the
// time to the banner at full speed and slowed, and checks every port is free after Ctrl+C (SIGTERM).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const haveTaskset = spawnSync('taskset', ['-V']).status === 0

const portFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, () => probe.close(() => resolve(true)))
  })

/** Starts npm start on ports from `base` (under taskset on core 0 when `slow`); answers the seconds to its banner. */
async function timeToBanner(base, slow) {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-slow-start-'))
  const env = { ...process.env, PORT: String(base), APP_PORT: String(base + 10), FOYER_DATA_DIR: dataDir, FORCE_COLOR: '0' }
  const command = slow ? ['taskset', ['-c', '0', process.execPath, 'scripts/start.mjs']] : [process.execPath, ['scripts/start.mjs']]
  const burners = slow ? Array.from({ length: 16 }, (_, i) => i).map(() => spawn('taskset', ['-c', '0', process.execPath, '-e', 'for(;;){}'], { stdio: 'ignore' })) : []
  const started = Date.now()
  const child = spawn(command[0], command[1], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const outcome = await new Promise((resolve) => {
    child.stdout.on('data', () => output.includes('Foyer is running') && resolve('up'))
    child.once('exit', (code) => resolve(`exited with ${code}`))
  })
  const seconds = (Date.now() - started) / 1000
  burners.forEach((b) => b.kill('SIGKILL'))
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {}
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)))
  await new Promise((r) => setTimeout(r, 500))
  const ports = [base, base + 1, base + 2, base + 3, base + 4, base + 5, base + 6, base + 7, base + 10, base + 11]
  const held = []
  for (const port of ports) if (!(await portFree(port))) held.push(port)
  rmSync(dataDir, { recursive: true, force: true })
  return { outcome, seconds, held, output }
}

console.log('npm start on a slowed machine (taskset to one core shared with sixteen CPU burners: about an eighth of the CPU)')
if (!haveTaskset) {
  console.log('  skipped: taskset (util-linux) is not installed')
} else {
  const normal = await timeToBanner(18_787, false)
  const slowed = await timeToBanner(19_787, true)
  for (const [label, run] of [['full speed', normal], ['slowed   ', slowed]]) {
    console.log(`  ${label}: ${run.outcome === 'up' ? `banner after ${run.seconds.toFixed(1)} s` : `${run.outcome} after ${run.seconds.toFixed(1)} s`}; after Ctrl+C ${run.held.length ? `ports still held: ${run.held.join(', ')}` : 'every port free'}`)
  }
  console.log(`  slowdown of the start: ×${(slowed.seconds / normal.seconds).toFixed(1)}`)
  if (slowed.outcome !== 'up' && !/npm start failed: /.test(slowed.output)) console.log(`  the slowed start ended without a reason:\n${slowed.output.slice(-2000)}`)
  process.exitCode = normal.outcome === 'up' && !normal.held.length && !slowed.held.length && (slowed.outcome === 'up' || /npm start failed: /.test(slowed.output)) ? 0 : 1
}
