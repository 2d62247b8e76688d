import { describe, expect, it } from 'vitest'
import { startJwksStandin } from '../standins/jwksStandin.js'
import { expectSignedOut } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

// The example host keeps its own auth provider's JWT in localStorage 'example:host_jwt' and hands it
// to Foyer through customJwt({ getCustomAccessToken }) (examples/react-app/src/main.tsx).
const idp = useStandin(() => startJwksStandin(), (standin) => standin.close())
const e2e = useStack(() => {
  const { jwksUrl, issuer, audience } = idp()
  return { FOYER_DEV_APP: JSON.stringify({ 'custom-jwt': { jwks_url: jwksUrl, algorithms: ['ES256'], issuer, audience } }) }
})

/** A fresh context whose host app holds `token` as its own auth provider's JWT, and a page on the app. */
async function openWithHostToken(token: string) {
  const context = await e2e.browser.newContext()
  await context.addInitScript((jwt) => localStorage.setItem('example:host_jwt', jwt), token)
  const page = await context.newPage()
  await page.goto(e2e.stack.appUrl)
  return { context, page }
}

describe('custom JWT login in Chromium against the real server', () => {
  it("the host's JWT (signed by the JWKS stand-in) signs the user in; the same subject is the same user after reload", async () => {
    const { context, page } = await openWithHostToken(await idp().sign({ sub: 'host-user-42' }))
    await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('linked-accounts').textContent()).toContain('custom_auth: host-user-42')
    await docsShot(page.getByRole('region', { name: 'Linked accounts' }), 'custom-jwt-linked-account')
    const id = await page.getByTestId('user-id').textContent()
    await page.reload()
    await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('user-id').textContent()).toBe(id)
    // The host signs out (no token any more): Foyer follows.
    await context.close()
  }, 120_000)

  it('when the host signs out (no token any more), Foyer signs the custom-auth user out on the next load', async () => {
    const { context, page } = await openWithHostToken(await idp().sign({ sub: 'host-user-7' }))
    await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    await page.close()
    // The host's token is gone on the next load (this page's init script runs after the context's).
    const last = await context.newPage()
    await last.addInitScript(() => localStorage.removeItem('example:host_jwt'))
    await last.goto(e2e.stack.appUrl)
    await last.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 20_000 })
    expect(await last.evaluate((appId) => localStorage.getItem(`foyer:${appId}:refresh_token`), e2e.stack.appId)).toBeNull()
    await context.close()
  }, 120_000)

  it('a JWT signed by another key leaves the visitor signed out', async () => {
    const forger = await startJwksStandin({ issuer: idp().issuer, audience: idp().audience })
    const { context, page } = await openWithHostToken(await forger.sign({ sub: 'host-user-42' }))
    const answer = await page.waitForResponse((r) => r.url().includes('/api/v1/custom_jwt_account/authenticate'), { timeout: 20_000 })
    expect(answer.status()).toBe(401)
    await expectSignedOut(page)
    await context.close()
    await forger.close()
  }, 120_000)
})
