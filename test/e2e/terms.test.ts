import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { enterOutboxCode, expectSignedInAs, expectSignedOut, requestEmailCode } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const e2e = useStack({
  FOYER_DEV_APP: JSON.stringify({
    require_users_accept_terms: true,
    terms_and_conditions_url: 'https://example.com/terms',
    privacy_policy_url: 'https://example.com/privacy',
  }),
})

/** Logs in with an e-mail code; returns the dialog (left open on whatever follows the code). */
async function enterCode(page: Page, email: string) {
  await page.goto(e2e.stack.appUrl)
  const dialog = await requestEmailCode(page, email)
  await enterOutboxCode(page, e2e.stack.apiUrl, email)
  return dialog
}

describe('terms acceptance in Chromium against the real server', () => {
  it('a new user must accept; Accept records it and a later login is not asked again', async () => {
    const { page } = await e2e.newPage()
    const dialog = await enterCode(page, 'accepts.terms@example.com')
    await dialog.getByRole('heading', { name: 'One last step' }).waitFor({ timeout: 20_000 })
    await dialog.getByText('By signing up, you agree to our terms and privacy policy.').waitFor()
    await docsShot(dialog, 'terms-accept')
    expect(await dialog.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('https://example.com/terms')
    expect(await dialog.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('https://example.com/privacy')
    expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(0)
    await page.keyboard.press('Escape')
    // The key is handled by the time press() returns (a dismissable modal closes in its keydown handler):
    // two frames later React has rendered whatever it did, so the modal's staying put is a fact, not a guess.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    expect(await dialog.getByRole('heading', { name: 'One last step' }).isVisible()).toBe(true)

    await dialog.getByRole('button', { name: 'Accept' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20_000 })
    await expectSignedInAs(page, 'accepts.terms@example.com')

    await page.getByRole('button', { name: 'Log out' }).click()
    await enterCode(page, 'accepts.terms@example.com')
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20_000 })
    await page.getByTestId('signed-in').waitFor()
    expect(await page.getByText('One last step').count()).toBe(0)
  })

  it('No thanks logs the user out and closes the modal; the session is gone after reload', async () => {
    const { page } = await e2e.newPage()
    const dialog = await enterCode(page, 'declines.terms@example.com')
    await dialog.getByRole('heading', { name: 'One last step' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'No thanks' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20_000 })
    await expectSignedOut(page)
    expect(await page.evaluate((appId) => localStorage.getItem(`foyer:${appId}:refresh_token`), e2e.stack.appId)).toBeNull()
    await page.reload()
    await expectSignedOut(page)
  })
})
