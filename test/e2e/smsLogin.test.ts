import { describe, expect, it } from 'vitest'
import { openPhoneInput } from './kit/landing.js'
import { enterOutboxCode } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

// SMS on the dev app, limited to the UK and the US; codes land in the dev outbox.
const e2e = useStack({ FOYER_DEV_APP: JSON.stringify({ sms_auth: true, sms: { allowed_countries: ['GB', 'US'] } }) })

/** A fresh page on the app with the modal's phone input open. */
async function openPhoneLogin() {
  const { context, page } = await e2e.newPage()
  await page.goto(e2e.stack.appUrl)
  return { context, page, ...(await openPhoneInput(page)) }
}

describe('SMS sign-in in Chromium against the real server', () => {
  it('picks a country, types a number, signs in with the code from the dev outbox and sees the phone on the page', async () => {
    const { context, page, dialog, input, country } = await openPhoneLogin()
    const submit = input.locator('xpath=ancestor::form').getByRole('button', { name: 'Submit' })

    await country.selectOption('GB')
    await input.pressSequentially('07400123456', { delay: 20 })
    expect(await input.inputValue()).toBe('07400 123456')
    expect(await submit.isEnabled()).toBe(true)
    await docsShot(dialog, 'sms-phone-input')

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
    await enterOutboxCode(page, e2e.stack.apiUrl, '+447400123456')
    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('linked-accounts').textContent()).toContain('phone: +447400123456')
    await context.close()
  })

  it("a number from a country outside the app's allowlist shows 'This region is not supported'", async () => {
    const { context, dialog, input, country } = await openPhoneLogin()
    await country.selectOption('DE')
    await input.pressSequentially('015123456789', { delay: 20 })
    await input.press('Enter')
    await dialog.getByText('This region is not supported').waitFor({ timeout: 30_000 })
    expect(await dialog.textContent()).toContain('SMS authentication from this region is not available')
    await context.close()
  })
})
