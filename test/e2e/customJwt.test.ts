import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJwksStandin, type JwksStandin } from '../standins/jwksStandin.js'
import { launchChromium } from './kit/browser.js'
import { startStack, type Stack } from './kit/startStack.js'

// The example host keeps its own auth provider's JWT in localStorage 'example:host_jwt' and hands it
// to Foyer through customJwt({ getCustomAccessToken }) (examples/react-app/src/main.tsx).
let idp: JwksStandin
let stack: Stack
let browser: Browser

beforeAll(async () => {
  idp = await startJwksStandin()
  stack = await startStack({
    FOYER_DEV_APP: JSON.stringify({
      'custom-jwt': { jwks_url: idp.jwksUrl, algorithms: ['ES256'], issuer: idp.issuer, audience: idp.audience },
    }),
  })
  browser = await launchChromium()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
  await idp?.close()
})

async function openWithHostToken(token: string) {
  const context = await browser.newContext()
  await context.addInitScript((jwt) => localStorage.setItem('example:host_jwt', jwt), token)
  const page = await context.newPage()
  await page.goto(stack.appUrl)
  return { context, page }
}

describe('custom JWT login in Chromium against the real server', () => {
  it("the host's JWT (signed by the JWKS stand-in) signs the user in; the same subject is the same user after reload", async () => {
    const { context, page } = await openWithHostToken(await idp.sign({ sub: 'host-user-42' }))
    await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('linked-accounts').textContent()).toContain('custom_auth: host-user-42')
    const id = await page.getByTestId('user-id').textContent()
    await page.reload()
    await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('user-id').textContent()).toBe(id)
    // The host signs out (no token any more): Foyer follows.
    await context.close()
  }, 120_000)

  it('when the host signs out (no token any more), Foyer signs the custom-auth user out on the next load', async () => {
    const { context, page } = await openWithHostToken(await idp.sign({ sub: 'host-user-7' }))
    await page.getByTestId('signed-in').waitFor({ timeout: 20_000 })
    await page.close()
    // The host's token is gone on the next load (this page's init script runs after the context's).
    const last = await context.newPage()
    await last.addInitScript(() => localStorage.removeItem('example:host_jwt'))
    await last.goto(stack.appUrl)
    await last.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 20_000 })
    expect(await last.evaluate((appId) => localStorage.getItem(`foyer:${appId}:refresh_token`), stack.appId)).toBeNull()
    await context.close()
  }, 120_000)

  it('a JWT signed by another key leaves the visitor signed out', async () => {
    const forger = await startJwksStandin({ issuer: idp.issuer, audience: idp.audience })
    const { context, page } = await openWithHostToken(await forger.sign({ sub: 'host-user-42' }))
    const answer = await page.waitForResponse((r) => r.url().includes('/api/v1/custom_jwt_account/authenticate'), { timeout: 20_000 })
    expect(answer.status()).toBe(401)
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    expect(await page.getByTestId('signed-in').count()).toBe(0)
    await context.close()
    await forger.close()
  }, 120_000)
})
