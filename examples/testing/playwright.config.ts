import { defineConfig } from '@playwright/test'

// The Playwright example (signIn.spec.ts): Chromium as this repo's e2e suite starts it (test/e2e/kit/browser.ts: the
// installed one, CHROMIUM_PATH or /usr/bin/chromium; a host app uses `npx playwright install chromium` and drops
// executablePath).
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  // A test's own time, sign-in included: generous, for a CI machine busy with other suites.
  timeout: 60_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
})
