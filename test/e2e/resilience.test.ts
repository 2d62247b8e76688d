import { rmSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeFromOutbox, launchChromium } from './kit/browser.js'
import { freePort } from './kit/freePort.js'
import { startFoyerServer } from './kit/startFoyerServer.js'
import { freshDataDir, startStack, type Stack } from './kit/startStack.js'

// What a new host meets when the Foyer server is down, hangs, or doesn't allow the page's origin: `ready`
// comes after one bounded attempt, the modal offers nothing the server hasn't confirmed and says why, and
// the console names what to fix.

let browser: Browser
const stacks: Stack[] = []
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await Promise.all(stacks.map((s) => s.stop()))
})

async function stackWith(env: Record<string, string>) {
  const stack = await startStack(env)
  stacks.push(stack)
  return stack
}

/** A page that records console errors and its attempts at the app's config (answered, refused or failed). */
async function openPage() {
  const context = await browser.newContext()
  const page = await context.newPage()
  const errors: string[] = []
  const configAttempts: string[] = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  page.on('request', (r) => r.url().includes('/api/v1/apps/') && configAttempts.push(r.url()))
  return { page, errors, configAttempts, close: () => context.close() }
}

/** Waits for 'Log in' (the example app shows it once `ready`), answering how long the page took to get there. */
async function timeToReady(page: Page, url: string) {
  const started = Date.now()
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 })
  await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 60_000 })
  return Date.now() - started
}

describe('when the Foyer server is not there', () => {
  it('a refused connection: ready at once, the modal says it cannot connect and offers no method; Try again recovers once the server is up', async () => {
    const apiPort = await freePort()
    const stack = await stackWith({ FOYER_API_URL: `http://localhost:${apiPort}` })
    const { page, errors, configAttempts, close } = await openPage()
    // Ready after one attempt, no retries (those took 7–9 s): counted, not timed, so a busy machine can't fail it.
    await timeToReady(page, stack.appUrl)
    expect(configAttempts).toHaveLength(1)
    expect(errors.join('\n')).toContain(`The Foyer server at http://localhost:${apiPort} could not be reached.`)

    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog', { name: "Can't connect right now" })
    await dialog.waitFor()
    expect(await dialog.locator('input').count()).toBe(0)
    expect(await dialog.getByRole('button', { name: /email|sms|passkey|guest|wallet/i }).count()).toBe(0)

    // The server comes up on that port: 'Try again' loads the config and shows the methods it enables.
    const dataDir = await freshDataDir()
    const late = await startFoyerServer({ PORT: String(apiPort), APP_PORT: new URL(stack.appUrl).port, FOYER_DATA_DIR: dataDir })
    try {
      await dialog.getByRole('button', { name: 'Try again' }).click()
      const landing = page.getByRole('dialog', { name: 'Log in or sign up' })
      await landing.waitFor()
      const input = landing.locator('input[type="email"]')
      await input.fill('late.server@example.com')
      await input.press('Enter')
      await page.getByRole('dialog').getByText('Enter confirmation code').waitFor()
      await page.keyboard.type(await codeFromOutbox(`http://localhost:${apiPort}`, 'late.server@example.com'))
      await page.getByTestId('signed-in').waitFor()
    } finally {
      await close()
      await late.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('a server that accepts and never answers: ready after the API timeout, not never', async () => {
    const sockets = new Set<Socket>()
    const hang: Server = createServer((socket) => void sockets.add(socket))
    const port = await new Promise<number>((resolve) => hang.listen(0, '127.0.0.1', () => resolve((hang.address() as { port: number }).port)))
    const stack = await stackWith({ FOYER_API_URL: `http://127.0.0.1:${port}` })
    const { page, errors, close } = await openPage()
    try {
      const took = await timeToReady(page, stack.appUrl)
      // The default API timeout is 15 s; before it, nothing.
      expect(took).toBeGreaterThanOrEqual(14_000)
      expect(took).toBeLessThan(45_000)
      expect(errors.join('\n')).toContain(`The Foyer server at http://127.0.0.1:${port} did not answer in time.`)
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.getByRole('dialog', { name: "Can't connect right now" }).waitFor()
    } finally {
      await close()
      for (const socket of sockets) socket.destroy()
      hang.close()
    }
  })

  it("an origin the app doesn't allow: the console and the modal name the origin and the setting to add it", async () => {
    const stack = await stackWith({ FOYER_DEV_APP: JSON.stringify({ allowed_origins: ['https://elsewhere.example.com'] }) })
    const origin = new URL(stack.appUrl).origin
    const { page, errors, configAttempts, close } = await openPage()
    try {
      await timeToReady(page, stack.appUrl)
      expect(configAttempts).toHaveLength(1)
      const logged = errors.find((e) => e.includes('[foyer]'))
      expect(logged).toContain(`Origin ${origin} is not allowed for app ${stack.appId}.`)
      expect(logged).toContain('FOYER_DEV_ORIGINS')
      await page.getByRole('button', { name: 'Log in' }).click()
      const dialog = page.getByRole('dialog', { name: "Can't connect right now" })
      await dialog.waitFor()
      expect(await dialog.getByTestId('foyer-unavailable-detail').textContent()).toContain(`Origin ${origin} is not allowed`)
    } finally {
      await close()
    }
  })
})
