// `npm run bench`: bundle size, render counts, modal open, embedded wallet, server throughput and scale-out through HAProxy. Figures are printed and
// compared with the budgets; none of them is a pass/fail test.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { bundleBench } from './bundle.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
// Vite's build() sets NODE_ENV=production in this process; the children must not inherit it.
const childEnv = { ...process.env, NODE_ENV: 'test', FORCE_COLOR: '0' }
const line = () => console.log('─'.repeat(72))

line()
// A failed build (npm pack's prepack) must not take the other measures with it.
const bundleFailed = await bundleBench().then(
  () => false,
  (error) => (console.log(`Bundle: the benchmark failed\n${error?.stack ?? error}`), true),
)
line()
const { adminConsoleBench } = await import('./adminConsole.mjs')
await adminConsoleBench().catch((error) => console.log(`Admin console: the benchmark failed\n${error?.stack ?? error}`))
line()

const renders = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/bench/vitest.config.ts'], {
  cwd: root,
  encoding: 'utf8',
  env: childEnv,
})
const marked = /FOYER_RENDERS (\{.*\})/.exec(renders.stdout ?? '')
if (renders.status === 0 && marked) {
  const { fiveDigits, sixDigits } = JSON.parse(marked[1])
  const row = (d) => `modal root ${d.modal}   e-mail code screen ${d.codeScreen}   OTP screen ${d.otpScreen}   code input ${d.codeInput}`
  console.log('Renders while typing into the e-mail code screen (real screens, real server in-process)')
  console.log(`  five digits:  ${row(fiveDigits)}`)
  console.log(`  six digits:   ${row(sixDigits)}   (the sixth digit auto-submits: the screen shows 'submitting')`)
} else {
  console.log(`Renders: the render benchmark failed\n${renders.stdout}\n${renders.stderr}`)
}
line()

const { modalOpenBench } = await import('./modalOpen.mjs')
await modalOpenBench().catch((error) => console.log(`Modal open: the benchmark failed\n${error?.stack ?? error}`))
line()

const { embeddedWalletBench } = await import('./embeddedWallet.mjs')
await embeddedWalletBench().catch((error) => console.log(`Embedded wallet: the benchmark failed\n${error?.stack ?? error}`))
line()

const { sendTransactionBench } = await import('./sendTransaction.mjs')
await sendTransactionBench().catch((error) => console.log(`Send transaction: the benchmark failed\n${error?.stack ?? error}`))
line()

const server = spawnSync(process.execPath, ['--import', 'tsx', 'test/bench/server.ts'], { cwd: root, stdio: 'inherit', env: { ...childEnv, NODE_ENV: 'development' } })
line()
const outage = spawnSync(process.execPath, ['--import', 'tsx', 'test/bench/databaseOutage.ts'], { cwd: root, stdio: 'inherit', env: { ...childEnv, NODE_ENV: 'development' } })
line()
const slowStart = spawnSync(process.execPath, ['test/bench/slowStart.mjs'], { cwd: root, stdio: 'inherit', env: childEnv })
line()

// Scale-out through HAProxy (examples/deploy) on a throwaway PostgreSQL cluster: needs both installed.
const { HAPROXY } = await import('../../examples/deploy/deployment.mjs')
const haveHaproxy = existsSync(HAPROXY)
const havePostgres = existsSync('/usr/lib/postgresql') || Boolean(process.env.FOYER_PG_BIN) || Boolean(process.env.DATABASE_URL)
let scale = { status: 0 }
if (haveHaproxy && havePostgres) {
  scale = spawnSync(process.execPath, ['--import', 'tsx', 'test/bench/scale.mjs'], { cwd: root, stdio: 'inherit', env: childEnv })
} else {
  console.log(`Scale-out: skipped (${haveHaproxy ? '' : 'HAProxy is not at ' + HAPROXY + '; '}${havePostgres ? '' : 'no PostgreSQL in /usr/lib/postgresql; '}apt-get install haproxy postgresql, then npm run bench:scale)`)
}
line()
process.exit(renders.status || server.status || outage.status || slowStart.status || scale.status || (bundleFailed ? 1 : 0))
