import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  suites: { specs: { title: string; tests: { results: { status: string; duration: number }[] }[] }[] }[]
}

// The Playwright example runs as a host app runs it (`npx playwright test -c examples/testing/playwright.config.ts`),
// here in its own process so that `npm test` counts it. The `source` condition resolves foyer/testing to this tree's
// sources (a host gets the built package).
it('the Playwright example (signIn.spec.ts) passes: sign-up and sign-in through the real modal', async () => {
  const child = spawn(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', 'examples/testing/playwright.config.ts', '--reporter=json'], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=source`.trim(), FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stderr.on('data', (d) => (stderr += d))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  expect(stdout, `no report from Playwright (exit ${code}):\n${stderr}`).toContain('{')
  const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as PlaywrightReport
  const tests = report.suites.flatMap((s) => s.specs).map((spec) => ({ title: spec.title, status: spec.tests[0]?.results[0]?.status, ms: spec.tests[0]?.results[0]?.duration }))
  expect({ code, stats: report.stats, tests: tests.map((t) => [t.title, t.status]) }, stderr).toEqual({
    code: 0,
    stats: expect.objectContaining({ expected: 2, unexpected: 0, flaky: 0 }),
    tests: [
      ['a new user signs up through the modal and the page shows them', 'passed'],
      ['a user made by createUser signs in as that same user', 'passed'],
    ],
  })
  console.log(`playwright example: ${tests.map((t) => `${t.ms} ms`).join(', ')}`)
}, 120_000)
