import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useStack } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const e2e = useStack({ FOYER_DEV_APP: JSON.stringify({ passkey: true }) })

/** A Chromium virtual authenticator over CDP (a platform authenticator with resident keys). */
async function addAuthenticator(cdp: CDPSession, isUserVerified = true) {
  const { authenticatorId } = (await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified, automaticPresenceSimulation: true },
  })) as { authenticatorId: string }
  return authenticatorId
}

async function newPage(isUserVerified = true): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; authenticatorId: string }> {
  const { context, page } = await e2e.newPage()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const authenticatorId = await addAuthenticator(cdp, isUserVerified)
  return { context, page, cdp, authenticatorId }
}

const passkeyCount = async (page: Page) =>
  (await page.getByTestId('linked-accounts').locator('li').allTextContents()).filter((t) => t.startsWith('passkey')).length

async function openPasskeyLogin(page: Page) {
  await page.goto(e2e.stack.appUrl)
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'I have a passkey' }).click({ timeout: 30_000 })
  return dialog
}

describe('passkeys in Chromium with a CDP virtual authenticator', () => {
  it('signs up with a passkey, logs out, logs back in with it, links a second one and unlinks one', async () => {
    const { context, page, cdp, authenticatorId } = await newPage()

    // Sign up: the login ceremony starts first (no passkey yet); the visitor switches to signup.
    const dialog = await openPasskeyLogin(page)
    await dialog.getByRole('button', { name: 'New here? Sign up with a passkey' }).click()
    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    const userId = await page.getByTestId('user-id').textContent()
    expect(await passkeyCount(page)).toBe(1)
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })

    // Log out, then log in with the same passkey: same user.
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    await openPasskeyLogin(page)
    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('user-id').textContent()).toBe(userId)
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })

    // A second device: the first authenticator is excluded from creating a duplicate, so swap in another.
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId })
    await addAuthenticator(cdp)
    await page.getByRole('button', { name: 'Manage passkeys' }).click()
    const manage = page.getByRole('dialog')
    await manage.getByRole('heading', { name: 'Secure your account with a passkey' }).waitFor({ timeout: 30_000 })
    expect(await manage.getByTestId('passkey-list').locator('li').count()).toBe(1)
    await manage.getByText('Chrome on Linux').waitFor()
    await docsShot(manage, 'passkey-manage')
    await manage.getByRole('button', { name: 'Add new passkey' }).click()
    await manage.getByText('Passkeys updated').waitFor({ timeout: 30_000 })
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
    await expect.poll(() => passkeyCount(page), { timeout: 10_000 }).toBe(2)

    // Unlink one: 'Passkeys updated', then back to the list with one left.
    await page.getByRole('button', { name: 'Manage passkeys' }).click()
    await manage.getByTestId('passkey-list').waitFor({ timeout: 30_000 })
    expect(await manage.getByTestId('passkey-list').locator('li').count()).toBe(2)
    await manage.getByRole('button', { name: /^Unlink / }).first().click()
    await manage.getByTestId('foyer-passkey-unlink-confirm').click()
    await manage.getByText('Passkeys updated').waitFor({ timeout: 15_000 })
    await manage.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => manage.getByTestId('passkey-list').locator('li').count(), { timeout: 10_000 }).toBe(1)
    await manage.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => passkeyCount(page), { timeout: 10_000 }).toBe(1)

    // The remaining passkey still logs in.
    await page.getByRole('button', { name: 'Log out' }).click()
    await openPasskeyLogin(page)
    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('user-id').textContent()).toBe(userId)
    await context.close()
  })

  it('without user verification (the server requires it) shows the spec text and offers a retry', async () => {
    const { context, page } = await newPage(false)
    const dialog = await openPasskeyLogin(page)
    await dialog.getByRole('button', { name: 'New here? Sign up with a passkey' }).click()
    await dialog.getByText('Passkey request timed out or rejected by user.').waitFor({ timeout: 60_000 })
    await dialog.getByRole('button', { name: 'Try again' }).waitFor()
    expect(await page.getByTestId('signed-in').count()).toBe(0)
    await context.close()
  })
})
