import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { animationsSettled, codeFromOutbox, launchChromium } from './kit/browser.js'
import { expectSignedInAs, signInByEmail, submitEmail } from './kit/signIn.js'
import { startStack, type Stack } from './kit/startStack.js'

// Access tokens live 40 s, so they enter the 30 s expiry margin 10 s after issue: the two-tab
// test below crosses a real expiry in seconds.
const ACCESS_TTL = 40
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

let stack: Stack
// `npm start` itself (scripts/start.mjs: the server plus the example app in Vite's dev server), for the
// first test: the other files use the once-per-run build of the same app, which is faster per page.
let npmStart: Stack | undefined
let browser: Browser

beforeAll(async () => {
  ;[stack, npmStart] = await Promise.all([startStack({ FOYER_ACCESS_TOKEN_TTL: String(ACCESS_TTL) }), startStack({ FOYER_LOCAL_CHAIN: '0', FOYER_PROVIDER_APP: '0' }, { devServer: true })])
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([stack?.stop(), npmStart?.stop()])
})

const refreshToken = (page: Page) => page.evaluate((appId) => localStorage.getItem(`foyer:${appId}:refresh_token`), stack.appId)

describe('e-mail sign-in in Chromium against the real server', () => {
  it('`npm start`: a new user signs in with the code from the dev outbox, stays signed in after reload, and logs out', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    expect(npmStart!.log()).toContain('Foyer is running')
    // Vite's dev server compiles each module on its first request: let the first page and modal load with time to
    // spare on a busy machine (the other e2e files run alongside), before the steps with their usual waits.
    await page.goto(npmStart!.appUrl)
    await page.getByRole('button', { name: 'Log in' }).click({ timeout: 120_000 })
    await page.getByRole('dialog').locator('input[type="email"]').waitFor({ timeout: 120_000 })
    await signInByEmail(page, npmStart!, 'new.user@example.com')
    expect(await page.getByTestId('user-email').textContent()).toBe('new.user@example.com')
    expect(await page.getByTestId('linked-accounts').textContent()).toContain('email: new.user@example.com')
    // The modal closed by itself after the success delay.
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 })

    await page.reload()
    await expectSignedInAs(page, 'new.user@example.com')

    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    expect(await refreshToken(page)).toBeNull()
    await page.reload()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    await context.close()
  })

  it('a wrong code shows the spec text and resets the input; closing reports the exit', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(stack.appUrl)
    const dialog = await submitEmail(page, 'wrong.code@example.com')
    const code = await codeFromOutbox(stack.apiUrl, 'wrong.code@example.com')
    const wrong = code === '000000' ? '111111' : '000000'
    await dialog.getByLabel('Digit 1').click()
    await page.keyboard.type(wrong)
    await dialog.getByText('Invalid or expired verification code').waitFor()
    await page.waitForFunction(() => (document.querySelector('input[aria-label="Digit 1"]') as HTMLInputElement)?.value === '', null, { timeout: 15_000 })

    const messages: string[] = []
    page.on('console', (m) => messages.push(m.text()))
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => messages.join('\n')).toContain('EXITED_AUTH_FLOW')
    await context.close()
  })

  it('two tabs stay signed in across access-token expiries and a simultaneous reload', async () => {
    const context = await browser.newContext()
    const first = await context.newPage()
    await signInByEmail(first, stack, 'two.tabs@example.com')
    const second = await context.newPage()
    await second.goto(stack.appUrl)
    await second.getByTestId('signed-in').waitFor()
    const before = await refreshToken(first)

    // Two expiry margins pass while both tabs are open: each tab's timer fires and they race. Wait for the
    // second rotation itself (each token lives ~10 s, so polling sees every one), not for a guessed time.
    const seen = new Set([before])
    await expect
      .poll(
        async () => {
          const token = await refreshToken(first)
          if (token) seen.add(token)
          return seen.size
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBeGreaterThanOrEqual(3)
    const after = await refreshToken(first)
    expect(after).not.toBe(before) // it rotated...
    expect(await refreshToken(second)).toBe(after) // ...and both tabs hold the same token

    await Promise.all([first.reload(), second.reload()])
    await Promise.all([first.getByTestId('signed-in').waitFor(), second.getByTestId('signed-in').waitFor()])
    expect(await second.getByTestId('user-email').textContent()).toBe('two.tabs@example.com')

    // The session is still alive on the server: a fresh access token is accepted.
    const token = await first.evaluate((appId) => localStorage.getItem(`foyer:${appId}:token`), stack.appId)
    const me = await fetch(`${stack.apiUrl}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}`, 'foyer-app-id': stack.appId } })
    expect(me.status).toBe(200)
    await context.close()
  })

  it('the modal is an accessible dialog (axe: no serious or critical violations)', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(stack.appUrl)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    await page.addScriptTag({ content: axeSource })
    const violations = await page.evaluate(async () => {
      const result = await (window as any).axe.run('[role="dialog"]')
      return result.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical').map((v: any) => `${v.id}: ${v.help}`)
    })
    expect(violations).toEqual([])
    await context.close()
  })

  it('on a 400 px wide screen the modal is a bottom drawer; on a wide screen it is 360 px wide', async () => {
    for (const [width, expectBottom] of [[400, true], [1200, false]] as const) {
      const context = await browser.newContext({ viewport: { width, height: 800 } })
      const page = await context.newPage()
      await page.goto(stack.appUrl)
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.getByRole('dialog').waitFor()
      // Measure where the modal rests, not a frame of its pop-in or slide-up.
      await animationsSettled(page)
      const box = (await page.getByRole('dialog').boundingBox())!
      if (expectBottom) {
        expect(Math.round(box.y + box.height)).toBe(800)
        expect(Math.round(box.width)).toBe(400)
      } else {
        expect(Math.round(box.width)).toBe(360)
      }
      await context.close()
    }
  })
})
