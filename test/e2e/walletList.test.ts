import type { BrowserContextOptions, Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { docsShot } from './kit/docsShot.js'
import { useStack } from './kit/useStack.js'

// The wallet list ('Connect wallet') with no browser wallet installed, as a desktop and a phone see it: the
// connectors that need no extension (Coinbase Wallet; WalletConnect, once the app has a project id) on both, the
// mobile wallet apps (deep links) on a phone only. Nothing is connected: no relay or wallet app is reachable here.

const e2e = useStack({ FOYER_DEV_APP: JSON.stringify({ wallet_connect_cloud_project_id: 'e2e-walletconnect-project' }) })

const IPHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
}

/** A fresh page on the app with `options`, its 'Connect wallet' list open; answers the list. */
async function openWalletList(options: BrowserContextOptions = {}) {
  const { context, page } = await e2e.newPage(options)
  await page.goto(e2e.stack.appUrl)
  await page.getByRole('button', { name: 'Connect wallet' }).click({ timeout: 60_000 })
  const dialog = page.getByRole('dialog')
  const list = dialog.getByRole('list', { name: 'Wallets' })
  await list.waitFor({ timeout: 30_000 })
  return { context, page, dialog, list }
}

/** The list's row for the wallet named `name` (exactly: 'Coinbase Wallet' and its 'Connect' read as 'Coinbase WalletConnect'). */
const row = (list: Locator, name: string) => list.getByRole('listitem').filter({ has: list.page().getByText(name, { exact: true }) })

describe('the wallet list in Chromium against the real server', () => {
  it('on a desktop: Coinbase Wallet and WalletConnect (the app has a project id), and no mobile wallet apps', async () => {
    const { context, dialog, list } = await openWalletList({ viewport: { width: 1280, height: 800 } })
    await row(list, 'WalletConnect').waitFor({ timeout: 30_000 })
    await row(list, 'Coinbase Wallet').waitFor()
    expect(await row(list, 'Zerion').count()).toBe(0)
    await docsShot(dialog, 'wallet-list')
    await context.close()
  })

  it('on a phone: the mobile wallet apps too; picking one offers to open the page in that app', async () => {
    const { context, dialog, list } = await openWalletList(IPHONE)
    await row(list, 'Zerion').waitFor({ timeout: 30_000 })
    expect(await row(list, 'Trust Wallet').count()).toBe(1)
    await docsShot(dialog, 'mobile-wallets-list')
    await row(list, 'Zerion').getByRole('button').click()
    await dialog.getByRole('heading', { name: 'Open Zerion' }).waitFor({ timeout: 30_000 })
    await dialog.getByText('Continue in the Zerion app to connect your wallet.').waitFor()
    expect(await dialog.getByRole('button', { name: 'Continue' }).isEnabled()).toBe(true)
    await context.close()
  })
})
