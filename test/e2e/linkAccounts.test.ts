import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeFromOutbox, launchChromium } from './kit/browser.js'
import { startStack, type Stack } from './kit/startStack.js'

let stack: Stack
let browser: Browser

beforeAll(async () => {
  // E-mail (on by default) and SMS on the dev app; every code lands in the dev outbox.
  stack = await startStack({ FOYER_DEV_APP: JSON.stringify({ sms_auth: true }) })
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

/** Types the code sent to `to` into the open code screen. */
async function enterCode(page: Page, to: string) {
  const dialog = page.getByRole('dialog')
  await dialog.getByText('Enter confirmation code').waitFor({ timeout: 30_000 })
  const code = await codeFromOutbox(stack.apiUrl, to, new Set(), 30_000)
  await dialog.getByLabel('Digit 1').click()
  await page.keyboard.type(code)
}

async function signIn(page: Page, email: string) {
  await page.goto(stack.appUrl)
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  const input = dialog.locator('input[type="email"]')
  const option = dialog.getByRole('button', { name: /email/i, disabled: false })
  await input.or(option).first().waitFor({ timeout: 30_000 })
  if (!(await input.isVisible())) await option.click()
  await input.fill(email)
  await input.press('Enter')
  await enterCode(page, email)
  await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
  await dialog.waitFor({ state: 'detached', timeout: 15_000 })
}

describe('link, unlink and update accounts in Chromium against the real server', () => {
  it('links a phone to an e-mail user, unlinks it, is refused unlinking the last method, then updates the e-mail', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const run = Date.now()
    const first = `link.${run}@example.com`
    const phone = `+1202555${String(100 + (run % 100)).padStart(4, '0')}`
    await signIn(page, first)
    const accounts = page.getByTestId('unlink-accounts')
    expect(await accounts.textContent()).toContain(`email: ${first}`)

    // Link phone: 'Link your phone' → US number → code → both accounts on the page.
    await page.getByTestId('link-phone').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Link your phone' }).waitFor({ timeout: 30_000 })
    await page.waitForFunction(() => (document.querySelector('select[aria-label="Country"]')?.children.length ?? 0) > 200, null, { timeout: 30_000 })
    await dialog.getByLabel('Country').selectOption('US')
    const input = dialog.getByLabel('Phone number')
    await input.pressSequentially(phone.slice(2), { delay: 20 })
    await input.press('Enter')
    await enterCode(page, phone)
    await page.getByTestId('account-phone').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('account-message').textContent()).toBe('Done: sms')
    await dialog.waitFor({ state: 'detached', timeout: 15_000 })
    expect(await accounts.textContent()).toContain(`phone: ${phone}`)
    expect(await page.getByTestId('linked-accounts').textContent()).toContain(`email: ${first}`)

    // Unlink the phone.
    await page.getByTestId('unlink-phone').click()
    await page.getByTestId('account-phone').waitFor({ state: 'detached', timeout: 15_000 })

    // The e-mail is now the last way to sign in: the server refuses, the page says why, nothing changes.
    await page.getByTestId('unlink-email').click()
    await page.getByTestId('account-message').getByText('Cannot unlink the last login method of this account.').waitFor({ timeout: 15_000 })
    expect(await accounts.textContent()).toContain(`email: ${first}`)

    // Update the e-mail: 'Update your email' shows the current one; the code goes to the new address.
    const second = `updated.${run}@example.com`
    await page.getByTestId('update-email').click()
    await dialog.getByRole('heading', { name: 'Update your email' }).waitFor({ timeout: 30_000 })
    expect(await dialog.textContent()).toContain(`Your current email is ${first}`)
    const emailInput = dialog.locator('input[type="email"]')
    await emailInput.fill(second)
    await emailInput.press('Enter')
    await enterCode(page, second)
    await page.getByTestId('account-email').getByText(`email: ${second}`).waitFor({ timeout: 30_000 })
    expect(await accounts.textContent()).not.toContain(first)

    // Reload: the server kept the change.
    await page.reload()
    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('user-email').textContent()).toBe(second)
    await context.close()
  })
})
