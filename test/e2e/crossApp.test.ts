import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { startAnvil } from '../standins/anvil.js'
import { startPriceStandin } from '../standins/priceStandin.js'
import { appPlaceholders } from './kit/prepareE2eAssets.js'
import { serveApp, type ServedApp } from './kit/serveApp.js'
import { enterOutboxCode, submitEmail } from './kit/signIn.js'
import { freePort } from './kit/startStack.js'
import { useStack, useStandin } from './kit/useStack.js'

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
      { id: R, name: 'Requester App', allowed_origins: [`http://localhost:${requester}`] },
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
    await popup.waitForURL(/\/oauth\/authorize\?flow=/)
    expect(new URL(popup.url()).origin).toBe(e2e.stack.appUrl)
    await popup.getByText('Sign in to continue').waitFor()
    const email = 'cross.app.user@example.com'
    await submitEmail(popup, email)
    await enterOutboxCode(popup, e2e.stack.apiUrl, email)
    // P's own login made the wallet; then the consent names the requester.
    await popup.getByRole('heading', { name: 'Connect to Requester App' }).waitFor({ timeout: 30_000 })
    await popup.getByRole('dialog').waitFor({ state: 'detached', timeout: 15_000 })
    // The provider's pages on this origin send on anvil (the example app's saved chains; popups carry no query).
    await popup.evaluate((rpc) => localStorage.setItem('foyer-demo:chains', `31337:${rpc}`), anvil().rpcUrl)
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Connect' }).click()
    await closed
    await page.getByTestId('signed-in').waitFor()
    address = (await page.getByTestId('cross-app-address').textContent())!
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
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

    const closed = popup.waitForEvent('close')
    await dialog.getByRole('button', { name: 'Sign and continue' }).click()
    await closed
    const result = page.getByTestId('cross-app-result')
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
    const signature = (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
    expect(await verifyMessage({ address: address as `0x${string}`, message: 'Hello from a cross-app requester', signature })).toBe(true)
  })

  it("sends a transaction from the provider's wallet on anvil, confirmed on the provider's transaction screen", async () => {
    await anvil().setBalance(address as `0x${string}`, 10n ** 18n)
    const popupOpened = nextPopup(context)
    await page.getByRole('button', { name: 'Send with Foyer dev app' }).click()
    const popup = await popupOpened
    const dialog = popup.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Approve' }).click({ timeout: 30_000 })
    const closed = popup.waitForEvent('close')
    await dialog.getByRole('button', { name: 'All Done' }).click({ timeout: 30_000 })
    await closed
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
    // The same signed-in requester with the wait cut to 3 s (?cross_app_timeout; the default is the spec's 120 s).
    const short = await context.newPage()
    await short.goto(`${requesterApp().url}/?cross_app_timeout=3000`)
    const popupOpened = nextPopup(context)
    await short.getByRole('button', { name: 'Sign with Foyer dev app' }).click({ timeout: 20_000 })
    const popup = await popupOpened
    await popup.getByRole('dialog').getByRole('heading', { name: 'Sign message' }).waitFor({ timeout: 30_000 })
    const closed = popup.waitForEvent('close')
    await expect.poll(() => short.getByTestId('cross-app-result').textContent(), { timeout: 10_000 }).toBe('Error: Request timeout')
    await closed
    await short.close()
  })

  it('a read-only provider signs in but is refused a transaction, before any popup opens', async () => {
    const ro = await context.newPage()
    await ro.goto(readOnlyApp().url)
    const popupOpened = nextPopup(context)
    await ro.getByRole('button', { name: 'Log in with Foyer dev app' }).click()
    // The user is already signed in to the provider in this browser: the consent comes straight away.
    const popup = await popupOpened
    await popup.getByRole('heading', { name: 'Connect to Read-only App' }).waitFor()
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Connect' }).click()
    await closed
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
