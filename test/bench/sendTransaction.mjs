// Sending a transaction from the embedded wallet in Chromium: the example app (production build) against the real
// server and anvil on loopback, driven by test/e2e/sendTransaction.test.ts with FOYER_TX_BENCH samples. Timed in the page
// with performance.now():
//   click → confirmation: from the click on 'Send transaction' to the confirmation screen painted with its total and the
//           wallet's balance (request checked, nonce, gas estimate, fees and balance read from anvil);
//   send → receipt: from the click on Approve to the receipt screen painted ('Transaction complete!': unlock, sign in
//           the wallet frame, eth_sendRawTransaction, the receipt polled every 250 ms).
// Figures are printed, never asserted.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const SAMPLES = 10
const BUDGETS = { painted: 500, receipt: 500 }
const root = fileURLToPath(new URL('../..', import.meta.url))

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]
}
const ms = (x) => `${x.toFixed(1)} ms`
const verdict = (value, budget) => `(budget ≤ ${budget} ms median)  ${value <= budget ? 'within budget' : 'OVER BUDGET'}`

/** Runs the e2e with samples and prints the figures; answers them. */
export async function sendTransactionBench() {
  const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'e2e', 'test/e2e/sendTransaction.test.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'test', FORCE_COLOR: '0', FOYER_TX_BENCH: String(SAMPLES) },
  })
  const marked = /FOYER_TX_BENCH (\{.*\})/.exec(run.stdout ?? '')
  if (run.status !== 0 || !marked) throw new Error(`the send-transaction e2e failed\n${run.stdout}\n${run.stderr}`)
  const figures = JSON.parse(marked[1])
  console.log(`Send transaction in Chromium (example app, real server, wallet frame, anvil on loopback; ${SAMPLES} samples)`)
  console.log(`  click → confirmation painted (gas, balance): p50 ${ms(pct(figures.painted, 50))}, p95 ${ms(pct(figures.painted, 95))}   ${verdict(pct(figures.painted, 50), BUDGETS.painted)}`)
  console.log(`  Approve → receipt painted:                   p50 ${ms(pct(figures.receipt, 50))}, p95 ${ms(pct(figures.receipt, 95))}   ${verdict(pct(figures.receipt, 50), BUDGETS.receipt)}`)
  return figures
}
