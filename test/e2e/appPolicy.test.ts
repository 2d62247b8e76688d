import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeFromOutbox, launchChromium } from './kit/browser.js'
import { startStack, type Stack } from './kit/startStack.js'

// One app with every sign-up rule at once: an allowlist (with a configured rejection screen) and a
// user limit of 2. The rules are enforced by the server; the browser only shows what it answered.
let stack: Stack
let browser: Browser

beforeAll(async () => {
  stack = await startStack({
    FOYER_DEV_APP: JSON.stringify({
      allowlist: ['*@invited.example', 'solo@elsewhere.example'],
      allowlist_config: {
        error_title: 'Invite only',
        error_detail: 'Ask the team for an invite.',
        cta_text: 'Request access',
        cta_link: 'https://example.com/request-access',
      },
      max_users: 2,
    }),
  })
  browser = await launchChromium()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

/** Opens the modal at `path` and submits `email`; answers the dialog once the code screen is up. */
async function sendCode(page: Page, email: string, path = '') {
  await page.goto(stack.appUrl + path)
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  const input = dialog.locator('input[type="email"]')
  const option = dialog.getByRole('button', { name: /email/i, disabled: false })
  await input.or(option).first().waitFor({ timeout: 20_000 })
  if (!(await input.isVisible())) await option.click()
  await input.fill(email)
  await input.press('Enter')
  await dialog.getByText('Enter confirmation code').waitFor({ timeout: 20_000 }).catch(async (e) => {
    throw new Error(`${e}\n${await dialog.innerText()}`)
  })
  return dialog
}

/** Types the code the dev outbox has for `email`. */
async function typeCode(page: Page, email: string) {
  const code = await codeFromOutbox(stack.apiUrl, email)
  await page.getByRole('dialog').getByLabel('Digit 1').click()
  await page.keyboard.type(code)
}

describe('app policy in Chromium against the real server', () => {
  it('an address off the allowlist gets the configured rejection screen, whose CTA opens the configured link', async () => {
    const page = await (await browser.newContext()).newPage()
    const dialog = await sendCode(page, 'stranger@outside.example')
    await typeCode(page, 'stranger@outside.example')
    await dialog.getByRole('heading', { name: 'Invite only' }).waitFor({ timeout: 20_000 })
    await dialog.getByText('Ask the team for an invite.').waitFor()
    // The CTA opens the configured link in a new tab (answered locally: this machine has no internet).
    await page.context().route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Request access</h1>' }))
    const [tab] = await Promise.all([page.context().waitForEvent('page'), dialog.getByRole('button', { name: 'Request access' }).click()])
    await tab.waitForURL('https://example.com/request-access', { timeout: 10_000 })
    await tab.close()
    // Nothing was created: the page is still signed out once the modal closes.
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
    expect(await page.getByTestId('signed-in').count()).toBe(0)
    await page.context().close()
  })

  it('no-signup refuses an unknown (even allowlisted) address with the account-not-found screen', async () => {
    const page = await (await browser.newContext()).newPage()
    const dialog = await sendCode(page, 'newcomer@invited.example', '?no_signup')
    await typeCode(page, 'newcomer@invited.example')
    await dialog.getByRole('heading', { name: 'Account not found' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Try another method' }).waitFor()
    await page.context().close()
  })

  it('allowlisted sign-ups succeed until the user limit, then "Unable to sign in"; existing users still sign in', async () => {
    for (const email of ['first@invited.example', 'solo@elsewhere.example']) {
      const page = await (await browser.newContext()).newPage()
      await sendCode(page, email)
      await typeCode(page, email)
      await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
      expect(await page.getByTestId('user-email').textContent()).toBe(email)
      await page.context().close()
    }

    const third = await (await browser.newContext()).newPage()
    const dialog = await sendCode(third, 'third@invited.example')
    await typeCode(third, 'third@invited.example')
    await dialog.getByRole('heading', { name: 'Unable to sign in' }).waitFor({ timeout: 20_000 })
    await dialog.getByText('This app has reached its user limit. Please try again later.').waitFor()
    await third.context().close()

    // The limit caps sign-ups, not logins; no-signup mode lets an existing user in too.
    const again = await (await browser.newContext()).newPage()
    await sendCode(again, 'first@invited.example', '?no_signup')
    await typeCode(again, 'first@invited.example')
    await again.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    expect(await again.getByTestId('user-email').textContent()).toBe('first@invited.example')
    await again.context().close()
  })
})
