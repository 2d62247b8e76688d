// `npm test`: type check, then every Vitest suite (unit, component, server, e2e in Chromium),
// ending with one line `N passed, N failed` summed over all of them.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(mkdtempSync(join(tmpdir(), 'foyer-test-')), 'vitest.json')
let passed = 0
let failed = 0

const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'], { cwd: root, stdio: 'inherit' })
if (tsc.status === 0) passed += 1
else failed += 1
console.log(`typecheck: ${tsc.status === 0 ? 'passed' : 'failed'}`)

const args = ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)]
const vitest = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } })
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests + (report.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(report)
} else {
  failed += 1
}

function countSuitesWithFailedTests(report) {
  // numFailedTestSuites counts files whose tests failed as well as files that failed to load;
  // only the latter are failures not already counted in numFailedTests.
  return report.testResults.filter((file) => file.assertionResults.some((t) => t.status === 'failed')).length
}

console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 && vitest.status === 0 ? 0 : 1)
