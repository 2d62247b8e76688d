import { spawn } from 'node:child_process'
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium, openEmailInput } from '../e2e/kit/browser.js'
import { enterOutboxCode, expectSignedInAs } from '../e2e/kit/signIn.js'
import { hostEnv, run } from './kit/run.js'
import { serveStatic } from './kit/serveStatic.js'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** A fresh page that records page errors and console errors. */
async function openPage(): Promise<{ context: BrowserContext; page: Page; pageErrors: string[]; consoleErrors: string[] }> {
  const context = await browser.newContext()
  // The suite shares two cores with builds and a server: states get time to arrive, never a fixed wait.
  context.setDefaultTimeout(60_000)
  const page = await context.newPage()
  const pageErrors: string[] = []
  const consoleErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(String(e)))
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text())
  })
  return { context, page, pageErrors, consoleErrors }
}

async function signInByEmail(url: string, address: string) {
  const { context, page, pageErrors, consoleErrors } = await openPage()
  try {
    await page.goto(url)
    const { dialog, input } = await openEmailInput(page)
    // The modal is styled with no CSS set up by the host: Foyer injects its own stylesheet.
    const styled = await dialog.evaluate((el) => ({
      sheet: document.getElementById('foyer-styles') instanceof HTMLStyleElement,
      background: getComputedStyle(el).getPropertyValue('--foyer-background').trim(),
      backdrop: getComputedStyle(document.querySelector('.foyer-backdrop')!).position,
    }))
    expect(styled.sheet).toBe(true)
    expect(styled.background).not.toBe('')
    expect(styled.backdrop).toBe('absolute')
    await input.fill(address)
    await input.press('Enter')
    await enterOutboxCode(page, inject('apiUrl'), address, { timeoutMs: 60_000 })
    await expectSignedInAs(page, address)
    await page.reload()
    await page.getByTestId('signed-in').waitFor({ timeout: 60_000 })
    expect(pageErrors).toEqual([])
    expect(consoleErrors.filter((e) => !/^Failed to load resource: .*404/.test(e))).toEqual([])
  } finally {
    await context.close()
  }
}

/** Serves a host's static build (`distDir`) on the app port and signs a user in on it. */
async function signInOnStaticBuild(distDir: string, address: string) {
  const server = await serveStatic(distDir, inject('appPort'))
  try {
    await signInByEmail(server.url, address)
  } finally {
    await server.close()
  }
}

const config = () => ({ apiUrl: inject('apiUrl'), appId: inject('appId'), port: inject('appPort') })

describe('fresh host apps built from the packed package sign in against the real server', () => {
  it('Vite + React 19: builds, and a user signs in by e-mail code', async () => {
    const dir = inject('hosts').vite
    const { apiUrl, appId } = config()
    await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { cwd: dir, env: { VITE_FOYER_API_URL: apiUrl, VITE_FOYER_APP_ID: appId } })
    await signInOnStaticBuild(join(dir, 'dist'), 'vite.host@example.com')
  })

  it('esbuild (--bundle --minify --splitting --format=esm): builds, and a user signs in by e-mail code', async () => {
    const dir = inject('hosts').esbuild
    const { apiUrl, appId } = config()
    const define = [`--define:FOYER_API_URL=${JSON.stringify(apiUrl)}`, `--define:FOYER_APP_ID=${JSON.stringify(appId)}`]
    await run(join(dir, 'node_modules/esbuild/bin/esbuild'), ['src/main.tsx', '--bundle', '--minify', '--splitting', '--format=esm', '--outdir=dist', '--log-level=warning', ...define], { cwd: dir })
    copyFileSync(join(dir, 'index.html'), join(dir, 'dist/index.html'))
    await signInOnStaticBuild(join(dir, 'dist'), 'esbuild.host@example.com')
  })

  it('Next.js App Router: a server-rendered page hydrates with no error, opens the modal and signs in', async () => {
    const dir = inject('hosts').next
    const { apiUrl, appId, port } = config()
    const env = { NEXT_PUBLIC_FOYER_API_URL: apiUrl, NEXT_PUBLIC_FOYER_APP_ID: appId }
    await run(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { cwd: dir, env })
    const next = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port)], { cwd: dir, env: hostEnv(env), stdio: ['ignore', 'pipe', 'pipe'] })
    let log = ''
    next.stdout.on('data', (d) => (log += d))
    next.stderr.on('data', (d) => (log += d))
    const url = `http://localhost:${port}`
    try {
      // The HTML comes from the server's render of the page, FoyerProvider and the client component in it.
      let html = ''
      const deadline = Date.now() + 120_000
      while (!html && Date.now() < deadline) {
        html = await fetch(url)
          .then(async (r) => (r.ok ? r.text() : ''))
          .catch(() => '')
        if (!html) await new Promise((r) => setTimeout(r, 250))
      }
      expect(html, log).toContain('Rendered on the server')
      expect(html).toContain('data-testid="loading"')

      // In the browser: it hydrates (the client component replaces its 'Loading…' once Foyer is ready)
      // with no hydration error, opens the modal, and signs in.
      await signInByEmail(url, 'next.host@example.com')
      expect(log).not.toMatch(/ReferenceError|window is not defined|document is not defined|localStorage is not defined/)
    } finally {
      if (next.exitCode === null && next.signalCode === null) {
        const exited = new Promise((r) => next.once('exit', r))
        next.kill('SIGTERM')
        await exited
      }
    }
  })
})
