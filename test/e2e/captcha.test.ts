import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { startTurnstileStandin, type TurnstileStandin } from '../standins/turnstileStandin.js'
import { outboxTo } from './kit/browser.js'
import { enterOutboxCode, expectSignedInAs, submitEmail } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const turnstile = useStandin(() => startTurnstileStandin(), (standin) => standin.close())
// The dev app with captcha on, pointed at the stand-in: the page loads its script, the server asks its siteverify.
const e2e = useStack(() => {
  const { secret, siteverifyUrl, scriptUrl } = turnstile()
  return { FOYER_DEV_APP: JSON.stringify({ 'captcha-turnstile': { site_key: 't:0x4AAAAAAAe2e', secret_key: secret, siteverify_url: siteverifyUrl, script_url: scriptUrl } }) }
})

const outboxHas = async (email: string) => (await outboxTo(e2e.stack.apiUrl, email)).length > 0

/** Submits `email` on a fresh page while the stand-in answers `mode`, then runs `check` on the dialog; the stand-in passes again after. */
async function submitEmailWhileCaptcha(mode: TurnstileStandin['mode'], email: string, check: (dialog: Locator) => Promise<void>) {
  const standin = turnstile()
  standin.mode = mode
  const { context, page } = await e2e.newPage()
  try {
    await page.goto(e2e.stack.appUrl)
    await check(await submitEmail(page, email))
  } finally {
    standin.mode = 'pass'
    await context.close()
  }
}

describe('captcha (Turnstile stand-in) in Chromium against the real server', () => {
  it('e-mail login passes the captcha: the captcha screen, then the code screen, then signed in', async () => {
    const standin = turnstile()
    standin.mode = 'pass'
    const before = standin.verifications.length
    const { context, page } = await e2e.newPage()
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
    await page.goto(e2e.stack.appUrl)
    const dialog = await submitEmail(page, 'captcha.e2e@example.com')
    await dialog.getByText('Enter confirmation code').waitFor({ timeout: 30_000 })
    expect(await page.evaluate(() => (window as unknown as { __screens: string[] }).__screens)).toEqual(['captcha', 'code'])
    // The script came from the stand-in and the server checked the token with its siteverify.
    expect(standin.verifications.length).toBe(before + 1)
    expect(standin.verifications.at(-1)!.secret).toBe(standin.secret)
    await enterOutboxCode(page, e2e.stack.apiUrl, 'captcha.e2e@example.com')
    await expectSignedInAs(page, 'captcha.e2e@example.com')
    await context.close()
  })

  it('a failing captcha: after its retries the §8 failure text and the adblocker hint; no code was sent', async () => {
    await submitEmailWhileCaptcha('fail', 'captcha.fails@example.com', async (dialog) => {
      await dialog.getByText('You did not pass CAPTCHA. Please try again.').waitFor({ timeout: 40_000 })
      expect(await dialog.getByText('If you use an adblocker or VPN, try disabling and re-attempting.').isVisible()).toBe(true)
      await docsShot(dialog, 'captcha-failed')
      expect(await outboxHas('captcha.fails@example.com')).toBe(false)
    })
  })

  it("a token siteverify refuses: 'Something went wrong' / 'Please try again.'; no code was sent", async () => {
    await submitEmailWhileCaptcha('reject', 'captcha.refused@example.com', async (dialog) => {
      await dialog.getByText('Please try again.').waitFor({ timeout: 30_000 })
      expect(await dialog.getByRole('heading', { name: 'Something went wrong' }).isVisible()).toBe(true)
      expect(await outboxHas('captcha.refused@example.com')).toBe(false)
    })
  })

  it('guest creation needs the captcha too: refused while it fails, signed in once it passes', async () => {
    const { context, page } = await e2e.newPage()
    const logs: string[] = []
    page.on('console', (m) => logs.push(m.text()))
    await page.goto(e2e.stack.appUrl)

    const standin = turnstile()
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
