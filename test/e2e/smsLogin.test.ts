import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeFromOutbox, launchChromium } from './kit/browser.js'
import { startStack, type Stack } from './kit/startStack.js'

let stack: Stack
let browser: Browser

beforeAll(async () => {
  // SMS on the dev app, limited to the UK and the US; codes land in the dev outbox.
  stack = await startStack({ FOYER_DEV_APP: JSON.stringify({ sms_auth: true, sms: { allowed_countries: ['GB', 'US'] } }) })
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

/** Opens the modal and returns the phone input (expanding the SMS option if it is collapsed). */
async function openPhoneInput(page: Page) {
  await page.goto(stack.appUrl)
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  const input = dialog.getByLabel('Phone number')
  const option = dialog.getByRole('button', { name: 'SMS', exact: true, disabled: false })
  await input.or(option).first().waitFor({ timeout: 30_000 })
  if (!(await input.isVisible())) await option.click()
  await input.waitFor({ timeout: 30_000 })
  // The country list fills in once the lazily loaded phone metadata is there.
  await page.waitForFunction(() => (document.querySelector('select[aria-label="Country"]')?.children.length ?? 0) > 200, null, { timeout: 30_000 })
  return { dialog, input, country: dialog.getByLabel('Country') }
}

describe('SMS sign-in in Chromium against the real server', () => {
  it('picks a country, types a number, signs in with the code from the dev outbox and sees the phone on the page', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const { dialog, input, country } = await openPhoneInput(page)
    const submit = input.locator('xpath=ancestor::form').getByRole('button', { name: 'Submit' })

    await country.selectOption('GB')
    await input.pressSequentially('07400123456', { delay: 20 })
    expect(await input.inputValue()).toBe('07400 123456')
    expect(await submit.isEnabled()).toBe(true)

    // Changing the country clears the number and disables submit.
    await country.selectOption('US')
    expect(await input.inputValue()).toBe('')
    expect(await submit.isDisabled()).toBe(true)
    await country.selectOption('GB')
    await input.pressSequentially('07400123456', { delay: 20 })

    await input.press('Enter')
    await dialog.getByText('Enter confirmation code').waitFor({ timeout: 30_000 })
    // The spec's masked display: an asterisk and the last 4 characters, never the whole number.
    expect(await dialog.textContent()).toContain('Please check *3456 and enter the code we sent.')
    expect(await dialog.textContent()).not.toContain('7400 123456')
    const code = await codeFromOutbox(stack.apiUrl, '+447400123456', new Set(), 30_000)
    await dialog.getByLabel('Digit 1').click()
    await page.keyboard.type(code)
    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('linked-accounts').textContent()).toContain('phone: +447400123456')
    await context.close()
  })

  it("a number from a country outside the app's allowlist shows 'This region is not supported'", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const { dialog, input, country } = await openPhoneInput(page)
    await country.selectOption('DE')
    await input.pressSequentially('015123456789', { delay: 20 })
    await input.press('Enter')
    await dialog.getByText('This region is not supported').waitFor({ timeout: 30_000 })
    expect(await dialog.textContent()).toContain('SMS authentication from this region is not available')
    await context.close()
  })
})
