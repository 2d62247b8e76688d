// A Vitest reporter for `npm test` (scripts/test.mjs): writes what went wrong in a run to FOYER_FAILURES_FILE as JSON —
// each failed test (file, name, the error's first lines), each file that failed outside its tests (an import, a hook),
// and each unhandled error (an error outside any test, which fails the run even when every test passed: Vitest then
// exits 1 with nothing in the JSON report's counts). scripts/test.mjs counts and repeats them at the very end of the
// output, where a CI log's tail shows them.
import { writeFileSync } from 'node:fs'

/** An error's message and the first lines of its stack, with no colour codes. */
const brief = (error) => {
  const text = `${error?.name && error.name !== 'Error' ? `${error.name}: ` : ''}${error?.message ?? String(error)}`
  const stack = (error?.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).slice(0, 3).map((line) => line.trim())
  // eslint-disable-next-line no-control-regex
  return [text.replace(/\x1b\[[0-9;]*m/g, '').split('\n').slice(0, 6).join('\n'), ...stack].join('\n')
}

export default class FailuresReporter {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const file = process.env.FOYER_FAILURES_FILE
    if (!file) return
    const failedTests = []
    const failedFiles = []
    for (const module of testModules) {
      const where = module.relativeModuleId ?? module.moduleId
      for (const error of module.errors()) failedFiles.push({ file: where, error: brief(error) })
      for (const test of module.children.allTests('failed')) failedTests.push({ file: where, test: test.fullName, error: brief(test.result().errors?.[0]) })
    }
    writeFileSync(file, JSON.stringify({ reason, failedTests, failedFiles, unhandledErrors: unhandledErrors.map(brief) }))
  }
}
