import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { countriesLoaded } from './kit/landing.js'
import { enterOutboxCode, expectSignedInAs, signInByEmail } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'

// E-mail (on by default) and SMS on the dev app; every code lands in the dev outbox.
const e2e = useStack({ FOYER_DEV_APP: JSON.stringify({ sms_auth: true }) })

/** Types the code sent to `to` into the open code screen. */
const enterCode = (page: Page, to: string) => enterOutboxCode(page, e2e.stack.apiUrl, to)

describe('link, unlink and update accounts in Chromium against the real server', () => {
  it('links a phone to an e-mail user, unlinks it, is refused unlinking the last method, then updates the e-mail', async () => {
    const { context, page } = await e2e.newPage()
    const run = Date.now()
    const first = `link.${run}@example.com`
    const phone = `+1202555${String(100 + (run % 100)).padStart(4, '0')}`
    await signInByEmail(page, e2e.stack, first)
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 })
    const accounts = page.getByTestId('unlink-accounts')
    expect(await accounts.textContent()).toContain(`email: ${first}`)

    // Link phone: 'Link your phone' → US number → code → both accounts on the page.
    await page.getByTestId('link-phone').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Link your phone' }).waitFor({ timeout: 30_000 })
    await countriesLoaded(page)
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

    // Unlink the phone: the row asks first; Cancel keeps it, 'Yes, unlink' unlinks.
    await page.getByTestId('unlink-phone').click()
    await page.getByTestId('cancel-unlink-phone').click()
    expect(await accounts.textContent()).toContain(`phone: ${phone}`)
    await page.getByTestId('unlink-phone').click()
    await page.getByTestId('confirm-unlink-phone').click()
    await page.getByTestId('account-phone').waitFor({ state: 'detached', timeout: 15_000 })

    // The e-mail is now the last way to sign in: the server refuses, the page says why, nothing changes.
    await page.getByTestId('unlink-email').click()
    await page.getByTestId('confirm-unlink-email').click()
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
    await expectSignedInAs(page, second)
    await context.close()
  })
})
