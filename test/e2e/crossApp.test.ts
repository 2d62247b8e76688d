import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage, verifyTypedData } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { CROSS_APP_TIMEOUT_MS } from '../../plugins/cross-app/schema.js'
import { startAnvil } from '../standins/anvil.js'
import { startPriceStandin } from '../standins/priceStandin.js'
import { clickClosingButton } from './kit/clickClosingButton.js'
import { appPlaceholders } from './kit/prepareE2eAssets.js'
import { serveApp, type ServedApp } from './kit/serveApp.js'
import { enterOutboxCode, submitEmail } from './kit/signIn.js'
import { freePort } from './kit/startStack.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

// Two apps on one server: the dev app P (the provider, served as the stack's app) and R (the requester), the same
// example-app build served on a second origin with R's app id. P's "cross-app" section lists R and R's origin.
const R = 'foyer_requester_app_00001'
/** A second requester the provider lists as read-only. */
const RO = 'foyer_readonly_app_000001'
const anvil = useStandin(() => startAnvil({ chainId: 31337 }), (node) => node.stop())
const prices = useStandin(() => startPriceStandin({ ETH: 3000 }), (standin) => standin.close())
const ports = useStandin(async () => ({ app: await freePort(), requester: await freePort(), readOnly: await freePort() }), async () => {})
const e2e = useStack(() => {
  const { app, requester, readOnly } = ports()
  return {
    APP_PORT: String(app),
    FOYER_PRICE_API_URL: prices().url,
    FOYER_DEV_APP: JSON.stringify({
      'embedded-wallet': { create_on_login: 'users-without-wallets' },
      'cross-app': {
        requesters: [{ app_id: R, origins: [`http://localhost:${requester}`] }, { app_id: RO, origins: [`http://localhost:${readOnly}`], read_only: true }],
        provider_url: `http://localhost:${app}`,
      },
    }),
    FOYER_DEV_APPS: JSON.stringify([
      { id: R, name: 'Requester App', allowed_origins: [`http://localhost:${requester}`], email_auth: true },
      { id: RO, name: 'Read-only App', allowed_origins: [`http://localhost:${readOnly}`] },
    ]),
  }
})
const requesterApp = useStandin<ServedApp>(
  () => serveApp(inject('foyerE2eAssets').appDir, { port: ports().requester, replace: { [appPlaceholders.apiUrl]: e2e.stack.apiUrl, [appPlaceholders.appId]: R } }),
  (served) => served.close(),
)

const readOnlyApp = useStandin<ServedApp>(
  () => serveApp(inject('foyerE2eAssets').appDir, { port: ports().readOnly, replace: { [appPlaceholders.apiUrl]: e2e.stack.apiUrl, [appPlaceholders.appId]: RO } }),
  (served) => served.close(),
)

/** The next page the context opens (the provider's popup). */
const nextPopup = (context: BrowserContext) => context.waitForEvent('page', { timeout: 15_000 })

/** The example card's typed data (examples/react-app/src/CrossAppCard.tsx, CROSS_APP_DEMO_TYPED_DATA). */
const DEMO_TYPED_DATA = {
  domain: { name: 'Foyer cross-app demo', version: '1' },
  types: { Greeting: [{ name: 'text', type: 'string' }] },
  primaryType: 'Greeting',
  message: { text: 'Hello from a cross-app requester' },
} as const

/** The provider tokens the requester page keeps (the cross-app plugin's storage key), by provider app id. */
const providerTokens = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, { token: string; expires_at: number }>, `foyer:${R}:cross_app_tokens`)

describe('cross-app wallets in Chromium (provider and requester apps on two origins, one server)', () => {
  let address = ''
  let context: BrowserContext
  let page: Page

  it("logs in on the requester with the provider's account, in the provider's popup (sign-in, wallet, consent)", async () => {
    ;({ context, page } = await e2e.newPage())
    await page.goto(requesterApp().url)
    const popupOpened = nextPopup(context)
    await page.getByRole('button', { name: 'Log in with Foyer dev app' }).click()
    const popup = await popupOpened
    // The requester's cross-app auth screen, connecting, while the provider's popup is open.
    await page.getByRole('dialog').getByText('Continue in the Foyer dev app window.').waitFor()
    await popup.waitForURL(/\/oauth\/authorize\?flow=/)
    expect(new URL(popup.url()).origin).toBe(e2e.stack.appUrl)
    await popup.getByText('Sign in to continue').waitFor()
    const email = 'cross.app.user@example.com'
    await submitEmail(popup, email)
    await enterOutboxCode(popup, e2e.stack.apiUrl, email)
    // P's own login made the wallet; then the consent names the requester.
    await popup.getByRole('heading', { name: 'Connect to Requester App' }).waitFor({ timeout: 30_000 })
    await popup.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 })
    await docsShot(popup.getByTestId('cross-app-authorize'), 'cross-app-consent')
    // The provider's pages on this origin send on anvil (the example app's saved chains; popups carry no query).
    await popup.evaluate((rpc) => localStorage.setItem('foyer-demo:chains', `31337:${rpc}`), anvil().rpcUrl)
    await clickClosingButton(popup.getByRole('button', { name: 'Connect' }))
    await page.getByTestId('signed-in').waitFor()
    address = (await page.getByTestId('cross-app-address').textContent())!
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect((await providerTokens(page))[e2e.stack.appId]?.token).toEqual(expect.any(String))
  })

  it("signs a message with the provider's wallet on the provider's sign screen; a foreign-origin message is ignored", async () => {
    const popupOpened = nextPopup(context)
    await page.getByRole('button', { name: 'Sign with Foyer dev app' }).click()
    const popup = await popupOpened
    await popup.waitForURL(/\/oauth\/transact\?token=/)
    const dialog = popup.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Sign message' }).waitFor({ timeout: 30_000 })
    // A page of another origin (the API server's) posts a forged answer to the requester: ignored.
    await page.evaluate((src) => {
      const frame = document.createElement('iframe')
      frame.src = src
      frame.id = 'foreign'
      document.body.append(frame)
      return new Promise((resolve) => frame.addEventListener('load', resolve))
    }, `${e2e.stack.apiUrl}/dev/outbox`)
    const foreign = page.frames().find((f) => f.url().startsWith(e2e.stack.apiUrl))!
    await foreign.evaluate(() => parent.postMessage({ type: 'FOYER_CROSS_APP_ACTION_RESPONSE', result: '0xforged' }, '*'))
    await page.waitForTimeout(300)
    expect(await page.getByTestId('cross-app-result').count()).toBe(0)

    const before = (await providerTokens(page))[e2e.stack.appId]!
    await clickClosingButton(dialog.getByRole('button', { name: 'Sign and continue' }))
    const result = page.getByTestId('cross-app-result')
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
    const signature = (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
    expect(await verifyMessage({ address: address as `0x${string}`, message: 'Hello from a cross-app requester', signature })).toBe(true)
    // The provider's page re-issued the token for another lifetime (token 'set'), and the requester kept it.
    const after = (await providerTokens(page))[e2e.stack.appId]!
    expect(after.token).toBe(before.token)
    expect(after.expires_at).toBeGreaterThanOrEqual(before.expires_at)
  })

  it("signs EIP-712 typed data with the provider's wallet (eth_signTypedData_v4)", async () => {
    const popupOpened = nextPopup(context)
    await page.getByRole('button', { name: 'Sign typed data with Foyer dev app' }).click()
    const popup = await popupOpened
    const dialog = popup.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Sign typed data' }).waitFor({ timeout: 30_000 })
    await dialog.getByText('Foyer cross-app demo').waitFor()
    await clickClosingButton(dialog.getByRole('button', { name: 'Sign and continue' }))
    const result = page.getByTestId('cross-app-result')
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toMatch(/^Typed signature: 0x[0-9a-f]{130}$/)
    const signature = (await result.textContent())!.replace('Typed signature: ', '') as `0x${string}`
    expect(await verifyTypedData({ address: address as `0x${string}`, ...DEMO_TYPED_DATA, signature })).toBe(true)
  })

  it("sends a transaction from the provider's wallet on anvil, confirmed on the provider's transaction screen", async () => {
    await anvil().setBalance(address as `0x${string}`, 10n ** 18n)
    const popupOpened = nextPopup(context)
    await page.getByRole('button', { name: 'Send with Foyer dev app' }).click()
    const popup = await popupOpened
    const dialog = popup.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Approve' }).click({ timeout: 30_000 })
    await clickClosingButton(dialog.getByRole('button', { name: 'All Done' }))
    const result = page.getByTestId('cross-app-result')
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toMatch(/^Transaction: 0x[0-9a-f]{64}$/)
    const hash = (await result.textContent())!.replace('Transaction: ', '') as `0x${string}`
    const receipt = await createPublicClient({ transport: http(anvil().rpcUrl) }).getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
  })

  it("closing the provider's popup rejects the request: 'User rejected request'", async () => {
    const popupOpened = nextPopup(context)
    await page.getByRole('button', { name: 'Sign with Foyer dev app' }).click()
    const popup = await popupOpened
    await popup.getByRole('dialog').getByRole('heading', { name: 'Sign message' }).waitFor({ timeout: 30_000 })
    await popup.close()
    await expect.poll(() => page.getByTestId('cross-app-result').textContent(), { timeout: 5_000 }).toBe('Error: User rejected request')
  })

  it("a provider popup that never answers times out: 'Request timeout', and the popup is closed", async () => {
    // The same signed-in requester, the spec's 120 s wait driven by the page clock (installed before the requester page
    // loads, so its timer is the clock's): nothing can time out before the popup shows its sign screen, however slow
    // the machine; then the clock jumps past the wait. (The clock is the context's: it keeps running at real speed.)
    await context.clock.install()
    const waiting = await context.newPage()
    await waiting.goto(requesterApp().url)
    const popupOpened = nextPopup(context)
    await waiting.getByRole('button', { name: 'Sign with Foyer dev app' }).click({ timeout: 20_000 })
    const popup = await popupOpened
    await popup.getByRole('dialog').getByRole('heading', { name: 'Sign message' }).waitFor({ timeout: 30_000 })
    const closed = popup.waitForEvent('close')
    // Well before the wait ends: still waiting, the popup open.
    await waiting.clock.fastForward(CROSS_APP_TIMEOUT_MS - 10_000)
    await waiting.waitForTimeout(300)
    expect([await waiting.getByTestId('cross-app-result').count(), popup.isClosed()]).toEqual([0, false])
    await waiting.clock.fastForward(10_000)
    await expect.poll(() => waiting.getByTestId('cross-app-result').textContent(), { timeout: 10_000 }).toBe('Error: Request timeout')
    await closed
    await waiting.close()
  })

  it("links a provider account to a requester user signed in by e-mail; a token revoked elsewhere is cleared; unlinks", async () => {
    // A second browser: a requester user of its own (e-mail), linking a second provider user's account.
    const { context: browser, page: requester } = await e2e.newPage()
    try {
      await requester.goto(requesterApp().url)
      // (The landing also has 'Log in with Foyer dev app': the modal's own 'Log in' by its exact name.)
      await requester.getByRole('button', { name: 'Log in', exact: true }).click()
      const email = requester.getByRole('dialog').locator('input[type="email"]')
      await email.fill('requester.user@example.com')
      await email.press('Enter')
      await enterOutboxCode(requester, e2e.stack.apiUrl, 'requester.user@example.com')
      await requester.getByTestId('signed-in').waitFor()
      const link = requester.getByRole('button', { name: 'Link Foyer dev app', exact: true })
      let popupOpened = nextPopup(browser)
      await link.click()
      let popup = await popupOpened
      await popup.getByText('Sign in to continue').waitFor({ timeout: 30_000 })
      await submitEmail(popup, 'cross.app.second@example.com')
      await enterOutboxCode(popup, e2e.stack.apiUrl, 'cross.app.second@example.com')
      await popup.getByRole('heading', { name: 'Connect to Requester App' }).waitFor({ timeout: 30_000 })
      await popup.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 })
      await clickClosingButton(popup.getByRole('button', { name: 'Connect' }))
      const linked = requester.getByTestId('cross-app-address')
      await linked.waitFor({ timeout: 15_000 })
      const second = (await linked.textContent())!
      expect(second).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(second.toLowerCase()).not.toBe(address.toLowerCase())
      expect(Object.keys(await providerTokens(requester))).toEqual([e2e.stack.appId])
      await requester.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 })

      // Another tab or device of this requester user unlinks (the server revokes the token); this page still holds it.
      const unlinked = await requester.evaluate(async ({ api, appId }) => {
        const headers = { 'foyer-app-id': appId, authorization: `Bearer ${localStorage.getItem(`foyer:${appId}:token`)}`, 'content-type': 'application/json' }
        const me = (await (await fetch(`${api}/api/v1/users/me`, { headers })).json()) as { user: { linkedAccounts: { type: string; subject?: string; providerApp?: { id: string } }[] } }
        const account = me.user.linkedAccounts.find((a) => a.type === 'cross_app')!
        const res = await fetch(`${api}/api/v1/cross-app/unlink`, { method: 'POST', headers, body: JSON.stringify({ provider_app_id: account.providerApp!.id, subject: account.subject }) })
        return res.status
      }, { api: e2e.stack.apiUrl, appId: R })
      expect(unlinked).toBe(200)
      popupOpened = nextPopup(browser)
      await requester.getByRole('button', { name: 'Sign with Foyer dev app' }).click()
      popup = await popupOpened
      const closed = popup.waitForEvent('close', { timeout: 30_000 })
      // Not the 2-minute wait: the provider's page answers (token 'clear', then the error) and closes.
      await expect.poll(() => requester.getByTestId('cross-app-result').textContent(), { timeout: 30_000 }).toBe('Error: Transactions require a valid token')
      await closed
      expect(await providerTokens(requester)).toEqual({})

      // Linked again (the provider is signed in in this browser: consent straight away), then unlinked on the card.
      await requester.reload()
      popupOpened = nextPopup(browser)
      await link.click({ timeout: 30_000 })
      popup = await popupOpened
      await popup.getByRole('heading', { name: 'Connect to Requester App' }).waitFor({ timeout: 30_000 })
      await clickClosingButton(popup.getByRole('button', { name: 'Connect' }))
      await expect.poll(() => linked.textContent(), { timeout: 15_000 }).toBe(second)
      await requester.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 })
      await requester.getByRole('button', { name: 'Unlink Foyer dev app' }).click()
      await link.waitFor()
      expect(await requester.getByTestId('account-cross_app').count()).toBe(0)
      expect(await providerTokens(requester)).toEqual({})
    } finally {
      await browser.close()
    }
  })

  it('a read-only provider signs in but is refused a transaction, before any popup opens', async () => {
    const ro = await context.newPage()
    await ro.goto(readOnlyApp().url)
    // The user cancels on the provider's consent first: the requester's auth screen shows the error.
    const cancelOpened = nextPopup(context)
    await ro.getByRole('button', { name: 'Log in with Foyer dev app' }).click()
    const cancelPopup = await cancelOpened
    await cancelPopup.getByRole('heading', { name: 'Connect to Read-only App' }).waitFor()
    await clickClosingButton(cancelPopup.getByRole('button', { name: 'Cancel' }))
    const dialog = ro.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Could not connect to Foyer dev app' }).waitFor()
    expect(await dialog.getByRole('alert').textContent()).toBe('User rejected request')
    await ro.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    const popupOpened = nextPopup(context)
    await ro.getByRole('button', { name: 'Log in with Foyer dev app' }).click()
    // The user is already signed in to the provider in this browser: the consent comes straight away.
    const popup = await popupOpened
    await popup.getByRole('heading', { name: 'Connect to Read-only App' }).waitFor()
    await clickClosingButton(popup.getByRole('button', { name: 'Connect' }))
    await ro.getByTestId('cross-app-address').waitFor()
    expect(await ro.getByTestId('cross-app').textContent()).toContain('(read-only)')
    let popups = 0
    context.on('page', () => popups++)
    await ro.getByRole('button', { name: 'Send with Foyer dev app' }).click()
    await expect.poll(() => ro.getByTestId('cross-app-result').textContent()).toBe('Error: Cannot transact against a read-only provider app')
    expect(popups).toBe(0)
    await context.close()
  })
})
