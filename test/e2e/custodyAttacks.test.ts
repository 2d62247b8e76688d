import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { createTestDevice } from '../kit/testDevice.js'
import { signUpByEmail } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'
import { custodyCalls, storedAccessToken } from './kit/walletFrame.js'

// ARCHITECTURE §17 in a real browser against the real server: what the host page holds (its tokens) opens no custody
// route for a script, whatever it sends; the real wallet frame, which holds the device key, keeps working; and a new
// device recovers by itself right after its login.
const e2e = useStack({ FOYER_DEV_APP: JSON.stringify({ 'embedded-wallet': { create_on_login: 'users-without-wallets', user_owned_recovery_options: ['user-passcode'] } }) })

const MESSAGE = 'Hello from the Foyer demo'
const ROUTES = ['auth_share', 'recover', 'recovery_share', 'open_recovery_share', 'recovery_key', 'custody_nonce', 'set_recovery', 'set_automatic_recovery', 'create', 'add']

async function signMessageOnScreen(page: Page): Promise<`0x${string}`> {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Sign and continue' }).click()
  await dialog.waitFor({ state: 'detached', timeout: 20_000 })
  const result = page.getByTestId('embedded-result')
  await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
  return (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
}
const addressOn = async (page: Page) => (await page.getByTestId('embedded-wallet').locator('code').first().textContent()) as `0x${string}`

describe('custody a stolen token cannot open (Chromium, raw HTTP, the real server)', () => {
  it("the page's access and refresh tokens, the frame's Origin and any body open nothing; the frame signs; a new device recovers by itself and the first keeps working", async () => {
    const { stack } = e2e
    const email = 'custody.attack@example.com'
    const { context, page } = await e2e.newPage()
    await signUpByEmail(page, stack, email)
    await page.getByRole('dialog').getByText('All set!').waitFor({ timeout: 30_000 })
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
    const address = await addressOn(page)
    const token = await storedAccessToken(page, stack.appId)
    const refreshToken = (await page.evaluate((key) => localStorage.getItem(key), `foyer:${stack.appId}:refresh_token`))!.replace(/^"|"$/g, '')

    // A script with the page's tokens: it sets the Origin of the frame and browser-like Fetch Metadata, sends bodies
    // naming the user's wallet, and signs proofs with a key of its own. The refresh token gives it fresh access tokens.
    const refreshed = (await (await fetch(`${stack.apiUrl}/api/v1/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'foyer-app-id': stack.appId },
      body: JSON.stringify({ refresh_token: refreshToken }),
    })).json()) as { token: string }
    const ownKey = await createTestDevice()
    const body = { address, wallet_index: 1, new_address: address, blinded_element: Buffer.alloc(32, 1).toString('base64'), verifier: Buffer.alloc(32, 2).toString('base64') }
    const answers: string[] = []
    for (const route of ROUTES) {
      const path = `/api/v1/embedded_wallets/${route}`
      for (const [what, bearer, extra] of [
        ['token', token, {}],
        ['refreshed', refreshed.token, {}],
        ['own key', token, await ownKey.proofHeader(path, token)],
      ] as const) {
        const res = await fetch(`${stack.apiUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'foyer-app-id': stack.appId, authorization: `Bearer ${bearer}`, origin: stack.walletUrl, 'sec-fetch-site': 'same-site', ...extra },
          body: JSON.stringify(body),
        })
        answers.push(`${route} ${what}: ${res.status} ${((await res.json()) as { code: string }).code}`)
      }
    }
    for (const answer of answers) expect(answer).toMatch(/: 401 (device_proof_required|invalid_device_proof)$/)
    // The host page's own script gets no further: the browser sends its real Origin, which these routes refuse.
    const fromPage = await page.evaluate(
      async ({ url, appId, token }) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'foyer-app-id': appId, authorization: `Bearer ${token}` }, body: JSON.stringify({}) }).catch(() => null))?.status ?? 'blocked',
      { url: `${stack.apiUrl}/api/v1/embedded_wallets/auth_share`, appId: stack.appId, token },
    )
    expect([403, 'blocked']).toContain(fromPage)

    // The real frame (it holds the device key bound at this login) unlocks after a reload and signs.
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    const calls = custodyCalls(page)
    expect(await verifyMessage({ address, message: MESSAGE, signature: await signMessageOnScreen(page) })).toBe(true)
    expect(calls).toEqual(['auth_share'])

    // A brand-new profile: its login binds its own frame's key; the wallet recovers with no extra step and signs.
    const fresh = await e2e.newPage()
    const freshCalls = custodyCalls(fresh.page)
    await signUpByEmail(fresh.page, stack, email)
    await fresh.page.getByTestId('signed-in').waitFor()
    expect(await addressOn(fresh.page)).toBe(address)
    expect(await verifyMessage({ address, message: MESSAGE, signature: await signMessageOnScreen(fresh.page) })).toBe(true)
    expect(freshCalls).toEqual(['auth_share', 'recover'])

    // The first device keeps working after a reload (its own session, its own key).
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    expect(await verifyMessage({ address, message: MESSAGE, signature: await signMessageOnScreen(page) })).toBe(true)
    await fresh.context.close()
    await context.close()
  })
})
