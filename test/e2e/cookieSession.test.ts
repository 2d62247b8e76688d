import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { verifyFoyerRequest } from '../../core/server/verifyFoyerRequest.js'
import { signInByEmail } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'

// The dev app keeps its tokens in HttpOnly cookies. App and API are two ports of localhost: cookies
// are per host, not per port, so the API's host-only cookies are the app's too (same site, Lax).
const e2e = useStack({ FOYER_SESSION_COOKIES: '1' })

const foyerCookies = async (context: BrowserContext) =>
  Object.fromEntries((await context.cookies()).filter((c) => c.name.startsWith('foyer-')).map((c) => [c.name, c]))
const local = (page: Page) =>
  page.evaluate((appId) => ({
    refresh: localStorage.getItem(`foyer:${appId}:refresh_token`),
    token: localStorage.getItem(`foyer:${appId}:token`),
    cookieSession: localStorage.getItem(`foyer:${appId}:cookie_session`),
    all: Object.values(localStorage).join('\n'),
  }), e2e.stack.appId)

describe('HttpOnly-cookie sessions in Chromium against the real server', () => {
  it('signs in with HttpOnly cookies, survives reloads, serves a host back-end, and logs out', async () => {
    const { context, page } = await e2e.newPage()
    await signInByEmail(page, e2e.stack, 'cookie.user@example.com')

    const cookies = await foyerCookies(context)
    expect(cookies['foyer-token']).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax', domain: 'localhost' })
    expect(cookies['foyer-id-token']).toMatchObject({ httpOnly: true })
    expect(cookies['foyer-refresh-token']).toMatchObject({ httpOnly: true, path: '/api/v1/sessions', sameSite: 'Lax' })
    expect(cookies['foyer-refresh-token']!.expires - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600)
    expect(cookies['foyer-session']).toMatchObject({ httpOnly: false, value: 't' })
    // Scripts see neither the refresh token nor the HttpOnly cookies.
    const stored = await local(page)
    expect(stored.refresh).toBeNull()
    expect(stored.cookieSession).toBe('1')
    expect(stored.all).not.toContain(cookies['foyer-refresh-token']!.value)
    const visible = await page.evaluate(() => document.cookie)
    expect(visible).not.toContain('foyer-token=')
    expect(visible).not.toContain('foyer-refresh-token=')
    expect(visible).toContain('foyer-session=t')

    // Reload: the access token in storage is still good.
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    expect(await page.getByTestId('user-email').textContent()).toBe('cookie.user@example.com')

    // A page load without a usable access token restores through the refresh cookie alone.
    await page.evaluate((appId) => localStorage.removeItem(`foyer:${appId}:token`), e2e.stack.appId)
    const rotatedFrom = cookies['foyer-refresh-token']!.value
    const refreshBodies: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/sessions' && r.method() === 'POST') refreshBodies.push(r.postData() ?? '')
    })
    await page.reload()
    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    expect(refreshBodies).toEqual(['{}'])
    expect((await foyerCookies(context))['foyer-refresh-token']!.value).not.toBe(rotatedFrom)

    // The host's back-end: the browser sends the cookie with credentials and no bearer...
    const me = await page.evaluate(
      async ({ apiUrl, appId }) => {
        const res = await fetch(`${apiUrl}/api/v1/users/me`, { credentials: 'include', headers: { 'foyer-app-id': appId } })
        return { status: res.status, body: await res.json() }
      },
      { apiUrl: e2e.stack.apiUrl, appId: e2e.stack.appId },
    )
    expect(me.status).toBe(200)
    expect(me.body.user.linkedAccounts[0].address).toBe('cookie.user@example.com')
    // ...and a server-side renderer verifies the cookie it received with the verify helper and the JWKS.
    const token = (await foyerCookies(context))['foyer-token']!.value
    const claims = await verifyFoyerRequest(
      { cookie: `foyer-session=t; foyer-token=${token}` },
      { appId: e2e.stack.appId, jwksUrl: `${e2e.stack.apiUrl}/api/v1/apps/${e2e.stack.appId}/jwks.json` },
    )
    expect(claims.userId).toBe(me.body.user.id)

    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    await expect.poll(async () => Object.keys(await foyerCookies(context))).toEqual([])
    expect((await local(page)).cookieSession).toBeNull()
    // The session is over on the server too: the old access token no longer opens /users/me.
    const after = await fetch(`${e2e.stack.apiUrl}/api/v1/users/me`, { headers: { cookie: `foyer-token=${token}`, 'foyer-app-id': e2e.stack.appId } })
    expect(after.status).toBe(401)
    await page.reload()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    await context.close()
  })

  it('cookie POSTs without one of the app\'s origins are refused and the session survives', async () => {
    const { context, page } = await e2e.newPage()
    await signInByEmail(page, e2e.stack, 'cookie.csrf@example.com')
    const token = (await foyerCookies(context))['foyer-token']!.value
    // A browser on another site doesn't even send the Lax cookies; these requests carry them anyway
    // (no Origin at all, then a foreign Origin) and must change nothing.
    const forged = await fetch(`${e2e.stack.apiUrl}/api/v1/sessions/logout`, {
      method: 'POST',
      headers: { cookie: `foyer-token=${token}`, 'foyer-app-id': e2e.stack.appId, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(forged.status).toBe(403)
    expect((await forged.json()).code).toBe('csrf_rejected')
    const foreign = await fetch(`${e2e.stack.apiUrl}/api/v1/sessions/logout`, {
      method: 'POST',
      headers: { cookie: `foyer-token=${token}`, origin: 'http://evil.localhost:1', 'foyer-app-id': e2e.stack.appId, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(foreign.status).toBe(403)
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    await context.close()
  })
})
