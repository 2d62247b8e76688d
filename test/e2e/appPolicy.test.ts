import { describe, expect, it } from 'vitest'
import { enterOutboxCode, expectSignedInAs, requestEmailCode } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'

// One app with every sign-up rule at once: an allowlist (with a configured rejection screen) and a
// user limit of 2. The rules are enforced by the server; the browser only shows what it answered.
const e2e = useStack({
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

/** Opens the modal at `path` in a fresh context and types the code sent to `email`; answers the page and the dialog. */
async function enterCodeFor(email: string, path = '') {
  const { page } = await e2e.newPage()
  await page.goto(e2e.stack.appUrl + path)
  const dialog = await requestEmailCode(page, email)
  await enterOutboxCode(page, e2e.stack.apiUrl, email)
  return { page, dialog }
}

describe('app policy in Chromium against the real server', () => {
  it('an address off the allowlist gets the configured rejection screen, whose CTA opens the configured link', async () => {
    const { page, dialog } = await enterCodeFor('stranger@outside.example')
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
    const { page, dialog } = await enterCodeFor('newcomer@invited.example', '?no_signup')
    await dialog.getByRole('heading', { name: 'Account not found' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Try another method' }).waitFor()
    await page.context().close()
  })

  it('allowlisted sign-ups succeed until the user limit, then "Unable to sign in"; existing users still sign in', async () => {
    for (const email of ['first@invited.example', 'solo@elsewhere.example']) {
      const { page } = await enterCodeFor(email)
      await expectSignedInAs(page, email)
      await page.context().close()
    }

    const { page: third, dialog } = await enterCodeFor('third@invited.example')
    await dialog.getByRole('heading', { name: 'Unable to sign in' }).waitFor({ timeout: 20_000 })
    await dialog.getByText('This app has reached its user limit. Please try again later.').waitFor()
    await third.context().close()

    // The limit caps sign-ups, not logins; no-signup mode lets an existing user in too.
    const { page: again } = await enterCodeFor('first@invited.example', '?no_signup')
    await expectSignedInAs(again, 'first@invited.example')
    await again.context().close()
  })
})
