import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { codeFromOutbox } from './kit/browser.js'
import { useStack } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const e2e = useStack()

/** Loads the app on a fresh page and clicks 'Continue as guest'. */
async function continueAsGuest(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await e2e.newPage()
  await page.goto(e2e.stack.appUrl)
  await page.getByRole('button', { name: 'Continue as guest' }).click()
  return { page, close: () => context.close() }
}

describe('guest accounts in Chromium against the real server', () => {
  it('"Continue as guest" signs in a guest that survives reload and logout, then keeps its id when it links an e-mail', async () => {
    const { page, close } = await continueAsGuest()
    await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    await page.getByTestId('user-guest').waitFor()
    const id = await page.getByTestId('user-id').textContent()
    expect(id).toMatch(/^did:foyer:/)
    expect(await page.getByTestId('linked-accounts').textContent()).toContain('guest')

    await page.reload()
    await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('user-id').textContent()).toBe(id)

    // After logout the stored credential brings back the same guest.
    await page.getByRole('button', { name: 'Log out' }).click()
    await docsShot(page.locator('.hero'), 'guest-landing', { ready: page.getByRole('button', { name: 'Continue as guest' }) })
    await page.getByRole('button', { name: 'Continue as guest' }).click()
    await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('user-id').textContent()).toBe(id)

    // Link an e-mail with the guest's own bearer token, as a link screen would.
    const email = 'guest.upgrade@example.com'
    const token = await page.evaluate((appId) => localStorage.getItem(`foyer:${appId}:token`), e2e.stack.appId)
    const headers = { 'content-type': 'application/json', 'foyer-app-id': e2e.stack.appId, authorization: `Bearer ${token}` }
    expect((await fetch(`${e2e.stack.apiUrl}/api/v1/passwordless/init`, { method: 'POST', headers, body: JSON.stringify({ email }) })).status).toBe(200)
    const code = await codeFromOutbox(e2e.stack.apiUrl, email)
    const linked = await fetch(`${e2e.stack.apiUrl}/api/v1/passwordless/link`, { method: 'POST', headers, body: JSON.stringify({ email, code }) })
    expect(linked.status).toBe(200)

    await page.reload()
    await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('user-id').textContent()).toBe(id)
    expect(await page.getByTestId('user-email').textContent()).toBe(email)
    expect(await page.getByTestId('user-guest').count()).toBe(0)
    await close()
  }, 120_000)

  it('a second browser gets a different guest user', async () => {
    const ids: string[] = []
    for (let i = 0; i < 2; i++) {
      const { page, close } = await continueAsGuest()
      await page.getByTestId('user-guest').waitFor({ timeout: 20_000 })
      ids.push((await page.getByTestId('user-id').textContent())!)
      await close()
    }
    expect(ids[0]).not.toBe(ids[1])
  }, 120_000)
})
