import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium, openEmailInput } from '../e2e/kit/browser.js'
import { freePort } from '../e2e/kit/freePort.js'
import { enterOutboxCode } from '../e2e/kit/signIn.js'
import { openPage } from './kit/modalSignIn.js'
import { run } from './kit/run.js'
import { gettingStartedSteps, TUTORIAL_NPM_ENV } from './kit/scaffoldTutorial.js'
import { startProcess, type RunningProcess } from './kit/startProcess.js'

// Issue 28, "Done when": a new developer following only Getting started reaches a signed-in page with an embedded
// wallet. This test follows docs/guide/getting-started.md's first section as written: it reads the page, takes its
// tutorial's blocks (each after a `<!-- getting-started: … -->` comment) and runs them in an empty temp folder, with
// the packed tarball for `foyer` and free ports for the defaults; then, in Chromium, it does what step 5 says. The first
// block (create the app, install) runs in the project's setup beside the other installs (kit/scaffoldTutorial.ts).

/** The defaults the tutorial writes, replaced by free ports here. */
const DEFAULT_APP_ORIGIN = 'http://localhost:5173'
const DEFAULT_API_URL = 'http://localhost:8787'
const APP_ID = 'foyer_dev_app_00000000001'
const EMAIL = 'newcomer@example.com'

const NPM_ENV = TUTORIAL_NPM_ENV

const timings: Record<string, number> = {}
async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const since = Date.now()
  try {
    return await work()
  } finally {
    timings[name] = Math.round((Date.now() - since) / 100) / 10
  }
}

/** `text` with `from` replaced by `to`, which must be there (so a changed doc fails here, not silently). */
function replaced(text: string, from: string | RegExp, to: string, what: string): string {
  const found = typeof from === 'string' ? text.includes(from) : from.test(text)
  expect(found, `the tutorial's ${what} has ${String(from)}`).toBe(true)
  return text.replace(from, to)
}

let browser: Browser
const running: RunningProcess[] = []

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  for (const started of running.reverse()) await started.stop()
  await browser?.close()
  console.log(`[getting-started] ${Object.entries(timings).map(([step, s]) => `${step} ${s} s`).join(', ')}`)
})

describe('Getting started (docs/guide/getting-started.md), followed as written from the packed package', () => {
  it('an empty folder, the page’s commands and src/main.tsx: Log in with an e-mail and its code from the dev outbox shows the e-mail and the embedded wallet the server holds', async () => {
    const started = Date.now()
    const [, server, file, app] = gettingStartedSteps()
    const [apiPort, walletPort, appPort] = [await freePort(), await freePort(), await freePort()]
    const apiUrl = `http://localhost:${apiPort}`
    const appUrl = `http://localhost:${appPort}`

    // 1. The shell block ran in the project's setup, beside the other installs (kit/scaffoldTutorial.ts): an empty
    // folder, the page's commands with the packed package for `foyer`; its `cd` decided where the next steps run.
    const { appDir, seconds } = inject('tutorial')
    timings['scaffold and installs (in the setup)'] = Math.round(seconds * 10) / 10

    // 3. The page, at the path its block names, talking to this test's server port.
    expect(file.title).toBe('src/main.tsx')
    writeFileSync(join(appDir, file.title!), replaced(file.code, DEFAULT_API_URL, apiUrl, 'src/main.tsx'))

    // 2. and 4. The server and the dev server, each as its block says, on free ports (the wallet frame's too).
    const serverCommand = `${replaced(server.code.trim(), DEFAULT_APP_ORIGIN, appUrl, 'foyer start')} --port ${apiPort}`
    expect(serverCommand).toMatch(/^npx foyer start /)
    const foyer = await timed('foyer start', () => startProcess('sh', ['-c', serverCommand], { cwd: appDir, env: { ...NPM_ENV, FOYER_WALLET_PORT: String(walletPort) }, readyUrl: `${apiUrl}/readyz`, timeoutMs: 240_000, group: true }))
    running.push(foyer)
    expect(foyer.log()).toContain(`[foyer] server listening on ${apiUrl}`)
    expect(foyer.log()).toContain(`dev app id: ${APP_ID}`)
    expect(app.code.trim()).toBe('npm run dev')
    const vite = await timed('npm run dev', () => startProcess('sh', ['-c', `npm run dev -- --port ${appPort} --strictPort`], { cwd: appDir, env: NPM_ENV, readyUrl: appUrl, group: true }))
    running.push(vite)
    // The app's own type check (create-vite's `npm run build` runs it first) sees the page and the package's types.
    const typecheck = timed('tsc -b', () => run('npx', ['tsc', '-b'], { cwd: appDir }))
    typecheck.catch(() => {})

    // 5. Log in, the e-mail, its code (in the dev outbox, and printed in the server's terminal), the signed-in page.
    const { context, page, pageErrors } = await openPage(browser)
    try {
      await timed('sign-in in Chromium', async () => {
        await page.goto(appUrl)
        const { input } = await openEmailInput(page)
        await input.fill(EMAIL)
        await input.press('Enter')
        const code = await enterOutboxCode(page, apiUrl, EMAIL, { timeoutMs: 60_000 })
        expect(foyer.log()).toContain(`(code ${code})`)
        await page.getByText(`Signed in as ${EMAIL}`).waitFor({ timeout: 90_000 })
      })
      const walletText = page.getByText(/^Wallet: 0x[0-9a-fA-F]{40}$/)
      await timed('embedded wallet', () => walletText.waitFor({ timeout: 120_000 }))
      const address = (await walletText.textContent())!.slice('Wallet: '.length)

      // The server's record: the session's user has this e-mail and this embedded wallet.
      const token = await page.evaluate((appId) => localStorage.getItem(`foyer:${appId}:token`), APP_ID)
      const me = await fetch(`${apiUrl}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}`, 'foyer-app-id': APP_ID } })
      expect(me.status).toBe(200)
      const { user } = (await me.json()) as { user: { linkedAccounts: { type: string; address?: string; walletClientType?: string }[] } }
      expect(user.linkedAccounts.find((a) => a.type === 'email')?.address).toBe(EMAIL)
      const wallets = user.linkedAccounts.filter((a) => a.type === 'wallet' && a.walletClientType === 'privy')
      expect(wallets.map((w) => w.address?.toLowerCase())).toEqual([address.toLowerCase()])

      // "Reload: you are still signed in, with the same wallet."
      await page.reload()
      await page.getByText(`Signed in as ${EMAIL}`).waitFor({ timeout: 60_000 })
      await page.getByText(`Wallet: ${address}`).waitFor({ timeout: 60_000 })
      expect(pageErrors).toEqual([])
    } finally {
      await context.close()
    }
    await typecheck
    timings.total = Math.round((Date.now() - started) / 100) / 10
  }, 900_000)
})
