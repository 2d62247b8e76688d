import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTurnstileStandin, type TurnstileStandin } from '../standins/turnstileStandin.js'
import { codeFromOutbox, launchChromium, openEmailInput } from './kit/browser.js'
import { startStack, type Stack } from './kit/startStack.js'

let standin: TurnstileStandin
let stack: Stack
let browser: Browser

beforeAll(async () => {
  standin = await startTurnstileStandin()
  // The dev app with captcha on, pointed at the stand-in: the page loads its script, the server asks its siteverify.
  stack = await startStack({
    FOYER_DEV_APP: JSON.stringify({
      'captcha-turnstile': {
        site_key: 't:0x4AAAAAAAe2e',
        secret_key: standin.secret,
        siteverify_url: standin.siteverifyUrl,
        script_url: standin.scriptUrl,
      },
    }),
  })
  browser = await launchChromium()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
  await standin?.close()
})

async function submitEmail(page: Page, email: string) {
  await page.goto(stack.appUrl)
  const { dialog, input } = await openEmailInput(page)
  await input.fill(email)
  await input.press('Enter')
  return dialog
}

const outboxHas = async (email: string) =>
  ((await (await fetch(`${stack.apiUrl}/dev/outbox`)).json()) as { to: string }[]).some((m) => m.to === email)

describe('captcha (Turnstile stand-in) in Chromium against the real server', () => {
  it('e-mail login passes the captcha: the captcha screen, then the code screen, then signed in', async () => {
    standin.mode = 'pass'
    const before = standin.verifications.length
    const context = await browser.newContext()
    const page = await context.newPage()
    // Records the order screens appear in (the captcha screen may be up for well under a second).
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __screens: string[] }).__screens = [])
      new MutationObserver(() => {
        const now = document.querySelector('[data-testid="foyer-captcha-screen"]')
          ? 'captcha'
          : document.body?.innerText.includes('Enter confirmation code')
            ? 'code'
            : null
        if (now && seen.at(-1) !== now) seen.push(now)
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    const dialog = await submitEmail(page, 'captcha.e2e@example.com')
    await dialog.getByText('Enter confirmation code').waitFor({ timeout: 30_000 })
    expect(await page.evaluate(() => (window as unknown as { __screens: string[] }).__screens)).toEqual(['captcha', 'code'])
    // The script came from the stand-in and the server checked the token with its siteverify.
    expect(standin.verifications.length).toBe(before + 1)
    expect(standin.verifications.at(-1)!.secret).toBe(standin.secret)
    const code = await codeFromOutbox(stack.apiUrl, 'captcha.e2e@example.com')
    await dialog.getByLabel('Digit 1').click()
    await page.keyboard.type(code)
    await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('user-email').textContent()).toBe('captcha.e2e@example.com')
    await context.close()
  })

  it('a failing captcha: after its retries the §8 failure text and the adblocker hint; no code was sent', async () => {
    standin.mode = 'fail'
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      const dialog = await submitEmail(page, 'captcha.fails@example.com')
      await dialog.getByText('You did not pass CAPTCHA. Please try again.').waitFor({ timeout: 40_000 })
      expect(await dialog.getByText('If you use an adblocker or VPN, try disabling and re-attempting.').isVisible()).toBe(true)
      expect(await outboxHas('captcha.fails@example.com')).toBe(false)
    } finally {
      standin.mode = 'pass'
      await context.close()
    }
  })

  it("a token siteverify refuses: 'Something went wrong' / 'Please try again.'; no code was sent", async () => {
    standin.mode = 'reject'
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      const dialog = await submitEmail(page, 'captcha.refused@example.com')
      await dialog.getByText('Please try again.').waitFor({ timeout: 30_000 })
      expect(await dialog.getByRole('heading', { name: 'Something went wrong' }).isVisible()).toBe(true)
      expect(await outboxHas('captcha.refused@example.com')).toBe(false)
    } finally {
      standin.mode = 'pass'
      await context.close()
    }
  })

  it('guest creation needs the captcha too: refused while it fails, signed in once it passes', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const logs: string[] = []
    page.on('console', (m) => logs.push(m.text()))
    await page.goto(stack.appUrl)

    standin.mode = 'fail'
    await page.getByRole('button', { name: 'Continue as guest' }).click()
    await expect.poll(() => logs.some((l) => l.includes('Guest login failed: CAPTCHA_FAILURE')), { timeout: 40_000, interval: 500 }).toBe(true)
    expect(await page.getByTestId('signed-in').count()).toBe(0)

    standin.mode = 'pass'
    const before = standin.verifications.length
    await page.getByRole('button', { name: 'Continue as guest' }).click()
    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    await page.getByTestId('user-guest').waitFor()
    expect(standin.verifications.length).toBe(before + 1)
    await context.close()
  })
})
