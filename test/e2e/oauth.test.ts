import type { Page } from 'playwright-core'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startGithubStandin } from '../standins/githubStandin.js'
import { startOidcStandin } from '../standins/oidcProvider.js'
import { freePort } from './kit/freePort.js'
import { chooseLoginOption } from './kit/landing.js'
import { signInByEmail } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

// The server only knows its callback URL once its port is known, and the OIDC provider must register
// that URL: so the ports are chosen first and handed to the provider and the stack.
let ports: { api: number; app: number }
beforeAll(async () => {
  ports = { api: await freePort(), app: await freePort() }
})
const github = useStandin(() => startGithubStandin(), (standin) => standin.close())
const google = useStandin(
  async () => startOidcStandin({ port: await freePort(), redirectUris: [`http://localhost:${ports.api}/api/v1/oauth/callback`] }),
  (standin) => standin.close(),
)
const e2e = useStack(() => ({
  PORT: String(ports.api),
  APP_PORT: String(ports.app),
  FOYER_DEV_APP: JSON.stringify({
    // Keep the landing list short so both providers are on it.
    sms_auth: false,
    passkey: false,
    oauth: { google: google().googleConfig(), github: github().githubConfig(), redirect_urls: [`http://localhost:${ports.app}/`] },
  }),
}))
beforeEach(() => {
  google().mode = 'approve'
  github().mode = 'approve'
})

const linked = (page: Page) => page.getByTestId('linked-accounts').textContent()

describe('OAuth in Chromium against the real server and local providers', () => {
  it('redirect flow with the OIDC provider ("google"): away, back, signed in, return parameters gone', async () => {
    const { context, page } = await e2e.newPage()
    // Where the tab itself went (redirect hops included): the provider approves at once, so its page is never
    // committed and there is no URL to wait for, only requests to record.
    const visited: string[] = []
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visited.push(request.url())
    })
    await page.goto(e2e.stack.appUrl)
    await chooseLoginOption(page, 'Google')
    await page.getByTestId('signed-in').waitFor({ timeout: 60_000 })
    expect(visited.some((url) => url.startsWith(google().issuer))).toBe(true)
    expect(await linked(page)).toContain('google_oauth: google-user-1')
    expect(page.url()).not.toContain('foyer_oauth_')
    expect(new URL(page.url()).origin).toBe(e2e.stack.appUrl)
    await context.close()
  })

  // Before any test signs GitHub's account up (the stand-in has one), so this link is a plain link.
  it('a lost answer to a link\'s code exchange: the retry finds the code spent; the modal says so, and Retry links', async () => {
    const { context, page } = await e2e.newPage()
    await signInByEmail(page, e2e.stack, 'lost.answer@example.com')
    // The server redeems the code and links, but its answer is lost (a 503 in its place): the kernel retries a 503.
    let lost = false
    await page.route(`${e2e.stack.apiUrl}/api/v1/oauth/link`, async (route) => {
      if (lost) return route.continue()
      lost = true
      await route.fetch()
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Unavailable', code: 'internal_error' }) })
    })
    await page.getByTestId('link-method').selectOption('github')
    await page.getByTestId('link-any').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Something went wrong. Please try again.').waitFor({ timeout: 60_000 })
    // The lost answer had linked it: Retry runs a new flow, which finds the account already this user's.
    // (The retry leaves for the provider and comes back: wait for the page that shows the result.)
    await dialog.getByRole('button', { name: 'Retry' }).click()
    await expect.poll(() => linked(page).catch(() => ''), { timeout: 60_000 }).toContain('github_oauth: 4242')
    await dialog.waitFor({ state: 'detached', timeout: 30_000 })
    expect(await linked(page)).toContain('email: lost.answer@example.com')
    await context.close()
  })

  it('popup flow with the OAuth 2.0 provider ("github"): the popup reports to the opener and closes', async () => {
    const { context, page } = await e2e.newPage()
    await page.goto(`${e2e.stack.appUrl}/?oauth_flow=popup`)
    const popupOpened = context.waitForEvent('page', { timeout: 30_000 })
    await chooseLoginOption(page, 'GitHub')
    const popup = await popupOpened
    await popup.waitForEvent('close', { timeout: 60_000 })
    await page.getByTestId('signed-in').waitFor({ timeout: 60_000 })
    expect(await linked(page)).toContain('github_oauth: 4242')
    // The opener never left the app.
    expect(page.url()).toBe(`${e2e.stack.appUrl}/?oauth_flow=popup`)
    await context.close()
  })

  it("denial at the provider shows the spec's retry text", async () => {
    github().mode = 'deny'
    const { context, page } = await e2e.newPage()
    await page.goto(e2e.stack.appUrl)
    await chooseLoginOption(page, 'GitHub')
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Retry and check GitHub to finish connecting your account.').waitFor({ timeout: 60_000 })
    await docsShot(dialog, 'oauth-retry')
    expect(page.url()).not.toContain('foyer_oauth_')
    // Retry works once the user approves.
    github().mode = 'approve'
    await dialog.getByRole('button', { name: 'Retry' }).click()
    await page.getByTestId('signed-in').waitFor({ timeout: 60_000 })
    expect(await linked(page)).toContain('github_oauth: 4242')
    await context.close()
  })

  it('a tampered state on the way back is refused as phishing and nothing is signed in', async () => {
    const { context, page } = await e2e.newPage()
    // An attacker's link: the real provider and callback answers, delivered with another state.
    // (Playwright only intercepts the first request of a redirect chain, so the chain is walked here.)
    await page.route((url) => url.href.startsWith(`${github().url}/login/oauth/authorize`), async (route) => {
      const provider = await route.fetch({ maxRedirects: 0 })
      const callback = await page.request.get(provider.headers().location!, { maxRedirects: 0 })
      const location = new URL(callback.headers().location!)
      location.searchParams.set('foyer_oauth_state', 'A'.repeat(48))
      await route.fulfill({ status: 302, headers: { location: location.href } })
    })
    await page.goto(e2e.stack.appUrl)
    await chooseLoginOption(page, 'GitHub')
    await page.getByRole('dialog').getByText('Unexpected auth flow. This may be a phishing attempt.').waitFor({ timeout: 60_000 })
    expect(await page.getByTestId('signed-in').count()).toBe(0)
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':oauth')))
    expect(stored).toEqual([])
    await context.close()
  })

  it("linking a Google account another user owns (redirect flow): back from the provider, the transfer prompt, then it's moved", async () => {
    // The first test signed google-user-1 up as its own user. This user signs up by e-mail and links it.
    const { context, page } = await e2e.newPage()
    await signInByEmail(page, e2e.stack, 'links.google@example.com')
    const dialog = page.getByRole('dialog')

    // A denial at the provider during a link shows on the reopened modal, like a login's.
    google().mode = 'deny'
    await page.getByTestId('link-method').selectOption('google')
    await page.getByTestId('link-any').click()
    await dialog.getByText('Retry and check Google to finish connecting your account.').waitFor({ timeout: 60_000 })
    google().mode = 'approve'
    await dialog.getByRole('button', { name: 'Retry' }).click()
    await dialog.getByRole('heading', { name: 'Google is associated with another account' }).waitFor({ timeout: 60_000 })
    expect(page.url()).not.toContain('foyer_oauth_')
    await dialog.getByRole('button', { name: 'Transfer and delete account' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 30_000 })
    expect(await linked(page)).toContain('google_oauth: google-user-1')
    expect(await linked(page)).toContain('email: links.google@example.com')
    await context.close()
  })
})
