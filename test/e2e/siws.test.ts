import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { parseSiwsMessage } from '../../plugins/siws/siwsMessage.js'
import { installSolanaTestWallet, type SolanaTestWalletOptions } from '../standins/solanaTestWallet.js'
import { useStack } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const e2e = useStack({ FOYER_DEV_APP: JSON.stringify({ solana_wallet_auth: true }) })

const WALLET = 'Foyer Solana Wallet'

/** A page with the Solana test wallet installed, on the example app. */
async function newPage(options: SolanaTestWalletOptions = {}) {
  const { context, page } = await e2e.newPage()
  const wallet = await installSolanaTestWallet(page, { name: WALLET, ...options })
  page.on('pageerror', (e) => console.error('pageerror:', e.message))
  await page.goto(e2e.stack.appUrl)
  return { context, page, wallet }
}

/** Log in → 'Continue with a wallet' (the web2-first layout's wallet view) → 'Solana wallet' → the wallet list. */
async function openSolanaWalletList(page: Page) {
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  const option = dialog.getByRole('button', { name: 'Solana wallet' })
  const wallets = dialog.getByRole('button', { name: 'Continue with a wallet' })
  await option.or(wallets).first().waitFor({ timeout: 30_000 })
  if (!(await option.isVisible())) await wallets.click()
  await option.click()
  await dialog.getByRole('list').waitFor({ timeout: 30_000 })
  return dialog
}

/** Waits for the signed-in page; on timeout the error carries what the modal showed. */
async function signedIn(page: Page) {
  try {
    await page.getByTestId('signed-in').waitFor({ timeout: 60_000 })
  } catch (error) {
    const shown = await page.getByRole('dialog').innerText({ timeout: 2_000 }).catch(() => '(no dialog)')
    console.error(`not signed in; the modal shows: ${shown}`)
    throw error
  }
}

describe('Sign In With Solana in Chromium against the real server', () => {
  it('signs in through the landing, the wallet list and the wallet: the Solana address is on the page', async () => {
    const { context, page, wallet } = await newPage()
    const dialog = await openSolanaWalletList(page)
    // Only Solana wallets: the test wallet and the named Phantom (not installed).
    await dialog.locator('[data-wallet="phantom"]').waitFor()
    const rows = await dialog.locator('[data-wallet]').evaluateAll((els) => els.map((e) => e.getAttribute('data-wallet')).sort())
    expect(rows).toEqual(['foyer_solana_wallet', 'phantom'])
    await docsShot(dialog, 'siws-wallet-list')
    await dialog.getByRole('button', { name: new RegExp(WALLET) }).click()
    await signedIn(page)
    expect(await page.getByTestId('linked-accounts').textContent()).toContain(`wallet: ${wallet.address}`)
    // One connection and one signature (the example app runs in StrictMode).
    expect(wallet.requests.filter((r) => r === 'connect')).toHaveLength(1)
    expect(wallet.requests.filter((r) => r === 'signMessage')).toHaveLength(1)
    const signed = parseSiwsMessage(wallet.signedMessages[0]!)!
    expect(signed).toMatchObject({ domain: new URL(e2e.stack.appUrl).host, uri: new URL(e2e.stack.appUrl).origin, address: wallet.address, chainId: 'mainnet', version: '1' })

    // The session survives a reload.
    await page.reload()
    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('linked-accounts').textContent()).toContain(`wallet: ${wallet.address}`)
    await context.close()
  })

  it('a rejected signature shows the rejection; Retry connects and signs again', async () => {
    const { context, page, wallet } = await newPage()
    wallet.rejectNext('signMessage')
    const dialog = await openSolanaWalletList(page)
    await dialog.getByRole('button', { name: new RegExp(WALLET) }).click()
    await dialog.getByText('The user rejected the request.').first().waitFor({ timeout: 60_000 })
    await dialog.getByRole('button', { name: 'Retry' }).click()
    await signedIn(page)
    expect(wallet.requests.filter((r) => r === 'signMessage')).toHaveLength(2)
    await context.close()
  })

  it('a wallet without message signing is listed, but connecting fails with the spec text', async () => {
    const { context, page, wallet } = await newPage({ signMessage: false })
    const dialog = await openSolanaWalletList(page)
    await dialog.getByRole('button', { name: new RegExp(WALLET) }).click()
    await dialog.getByText('A Solana wallet must support message signing').first().waitFor({ timeout: 60_000 })
    // The wallet was never asked to connect.
    expect(wallet.requests).not.toContain('connect')
    await context.close()
  })

  it('connect-only: "Connect wallet" connects the Solana wallet without signing; Disconnect uses standard:disconnect', async () => {
    const { context, page, wallet } = await newPage()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const dialog = page.getByRole('dialog')
    await docsShot(dialog, 'solana-connect-list', { ready: dialog.getByRole('button', { name: new RegExp(WALLET) }) })
    await dialog.getByRole('button', { name: new RegExp(WALLET) }).click()
    const row = page.getByTestId('wallets').locator(`li[data-address="${wallet.address}"]`)
    await row.waitFor({ timeout: 60_000 })
    expect(await row.getByTestId('wallet-chain').textContent()).toBe('solana:mainnet')
    expect(wallet.requests).not.toContain('signMessage')
    await row.getByRole('button', { name: 'Disconnect' }).click()
    await row.waitFor({ state: 'detached', timeout: 30_000 })
    expect(wallet.requests).toContain('disconnect')
    expect(wallet.authorized).toBe(false)
    await context.close()
  })

  it('Phantom, not installed, opens the install guide', async () => {
    const { context, page } = await e2e.newPage()
    await page.goto(e2e.stack.appUrl)
    const dialog = await openSolanaWalletList(page)
    await dialog.getByRole('button', { name: /Phantom/ }).click()
    await dialog.getByText('Reload the page to use your wallet').waitFor({ timeout: 30_000 })
    await context.close()
  })
})
