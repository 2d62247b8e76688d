// `npm test`: type check, the unit/component/server suites, the package suite (the packed package built, installed
// and signed in with in fresh Vite, Next.js and esbuild host apps) and the e2e suite (Chromium against the real stack),
// ending with one line `N passed, N failed` summed over all of them.
//
// The type check and the package suite run beside the unit suite, their output held back and printed when each ends:
// tsc is single-threaded (~30 s), and the package suite spends most of its time on npm installs and a chain's start
// (network and disk). Measured on two cores: unit + package side by side 391 s against 332 + 179 s one after the other.
// The e2e suite runs after, alone: beside its files (CPU-bound on two cores) the package builds only slowed both.
import { spawn } from 'node:child_process'
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
/** What failed, repeated at the very end (a CI log's tail): `<project>: <file> > <test>` and the error's first lines. */
const failures = []

/** Runs node with `args`; `quiet` holds its output back and prints it at the end. Resolves with the exit code. */
function run(args, { quiet = false, env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, FORCE_COLOR: '0', ...env } })
    const chunks = []
    if (quiet) {
      child.stdout.on('data', (c) => chunks.push(c))
      child.stderr.on('data', (c) => chunks.push(c))
    }
    child.on('close', (code) => {
      if (quiet && chunks.length) process.stdout.write(Buffer.concat(chunks))
      resolve(code ?? 1)
    })
  })
}

const typecheck = async () => {
  const code = await run(['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'], { quiet: true })
  if (code === 0) passed += 1
  else (failed += 1), (ok = false), failures.push('typecheck: tsc found errors (printed above)')
  console.log(`typecheck: ${code === 0 ? 'passed' : 'failed'}`)
}

const project = async (names, options) => {
  const out = join(dir, `${names[0]}.json`)
  const failuresFile = join(dir, `${names[0]}.failures.json`)
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${out}`, '--reporter=./scripts/vitestFailuresReporter.mjs']
  const code = await run(['node_modules/vitest/vitest.mjs', 'run', ...names.flatMap((name) => ['--project', name]), ...reporters, ...extra], { ...options, env: { FOYER_FAILURES_FILE: failuresFile } })
  if (code !== 0) ok = false
  const found = existsSync(failuresFile) ? JSON.parse(readFileSync(failuresFile, 'utf8')) : null
  if (found) {
    for (const f of found.failedTests) failures.push(`${names[0]}: ${f.file} > ${f.test}\n${f.error}`)
    for (const f of found.failedFiles) failures.push(`${names[0]}: ${f.file} (outside its tests)\n${f.error}`)
    for (const error of found.unhandledErrors) failures.push(`${names[0]}: an unhandled error (fails the run though no test failed)\n${error}`)
    // An error outside any test fails Vitest's run without a failed test in its counts: count each one.
    failed += found.unhandledErrors.length
  }
  if (!existsSync(out)) {
    failed += 1
    failures.push(`${names[0]}: Vitest exited with ${code} and wrote no report (a global setup that failed, or a crash): see its output above`)
    return
  }
  const report = JSON.parse(readFileSync(out, 'utf8'))
  // Files that failed to load count once; files whose tests failed are already in numFailedTests.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((t) => t.status === 'failed')).length
  passed += report.numPassedTests
  failed += report.numFailedTests + brokenFiles
  // A failed run with nothing above to show for it (no failed test, file or error): still a failure, and said so.
  if (code !== 0 && report.numFailedTests + brokenFiles + (found?.unhandledErrors.length ?? 0) === 0) {
    failed += 1
    failures.push(`${names[0]}: Vitest exited with ${code} though no test failed and no error was reported: see its output above`)
  }
}

await Promise.all([project(['unit', 'unit-isolated']), typecheck(), project(['package'], { quiet: true })])
await project(['e2e'])

if (failures.length) console.log(`\nWhat failed (${failures.length}):\n\n${failures.slice(0, 40).join('\n\n')}${failures.length > 40 ? `\n\n… and ${failures.length - 40} more above` : ''}\n`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(ok && failed === 0 ? 0 : 1)
