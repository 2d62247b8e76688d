// `npm test`: type check, then the unit/component/server suites, then the package suite (the packed
// package built, installed and signed in with in fresh Vite, Next.js and esbuild host apps), then the
// e2e suite (Chromium against the real stack), ending with one line `N passed, N failed` summed over all of them.
// The e2e project runs after the others so browsers don't compete with hundreds of unit tests for
// this machine's two cores.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'foyer-test-'))
const extra = process.argv.slice(2)
let passed = 0
let failed = 0
let ok = true

const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'], { cwd: root, stdio: 'inherit' })
if (tsc.status === 0) passed += 1
else (failed += 1), (ok = false)
console.log(`typecheck: ${tsc.status === 0 ? 'passed' : 'failed'}`)

for (const project of ['unit', 'package', 'e2e']) {
  const out = join(dir, `${project}.json`)
  const args = ['node_modules/vitest/vitest.mjs', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra]
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } })
  if (run.status !== 0) ok = false
  if (!existsSync(out)) {
    failed += 1
    continue
  }
  const report = JSON.parse(readFileSync(out, 'utf8'))
  // Files that failed to load count once; files whose tests failed are already in numFailedTests.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((t) => t.status === 'failed')).length
  passed += report.numPassedTests
  failed += report.numFailedTests + brokenFiles
}

console.log(`${passed} passed, ${failed} failed`)
process.exit(ok && failed === 0 ? 0 : 1)
