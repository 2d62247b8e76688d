import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  suites: { specs: { title: string; tests: { annotations: { type: string; description?: string }[]; results: { status: string; duration: number }[] }[] }[] }[]
}

// The Playwright example runs as a host app runs it (`npx playwright test -c examples/testing/playwright.config.ts`),
// here in its own process so that `npm test` counts it. The `source` condition resolves foyer/testing to this tree's
// sources (a host gets the built package).
it('the Playwright example (signIn.spec.ts) passes: sign-up, sign-in, a user with a wallet that signs, and the timed sign-ins', async () => {
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
  const tests = report.suites.flatMap((s) => s.specs).map((spec) => ({
    title: spec.title,
    status: spec.tests[0]?.results[0]?.status,
    ms: spec.tests[0]?.results[0]?.duration,
    timed: spec.tests[0]?.annotations.find((a) => a.type === 'sign-in ms')?.description,
  }))
  expect({ code, stats: report.stats, tests: tests.map((t) => [t.title, t.status]) }, stderr).toEqual({
    code: 0,
    stats: expect.objectContaining({ expected: 4, unexpected: 0, flaky: 0 }),
    tests: [
      ['a new user signs up through the modal and the page shows them', 'passed'],
      ['a user made by createUser signs in as that same user', 'passed'],
      ['a user made with a wallet signs in, and the page’s embedded wallet is that one and signs', 'passed'],
      ['five sign-ins, each in a new browser context as a test gets it: the time per sign-in', 'passed'],
    ],
  })
  console.log(`playwright example: ${tests.map((t) => `${t.ms} ms`).join(', ')}; sign-in per test: ${tests.find((t) => t.timed)?.timed} ms`)
}, 300_000)
