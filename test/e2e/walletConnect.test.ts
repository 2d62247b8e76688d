import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../standins/anvil.js'
import { installInjectedTestWallet, type TestWallet } from '../standins/injectedTestWallet.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

// Two of anvil's well-known dev keys (never funded anywhere real).
const KEY_A = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const KEY_B = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'

const anvil1 = useStandin(() => startAnvil({ chainId: 31337 }), (anvil) => anvil.stop())
const anvil2 = useStandin(() => startAnvil({ chainId: 31338 }), (anvil) => anvil.stop())
const e2e = useStack()

/** A fresh context with the test wallet (knowing only anvil 1) and the example app with `chains`. */
async function openApp(chains: Anvil[]): Promise<{ page: Page; wallet: TestWallet; close: () => Promise<void> }> {
  const { context, page } = await e2e.newPage()
  const wallet = await installInjectedTestWallet(page, { privateKeys: [KEY_A, KEY_B], chains: [{ chainId: 31337, rpcUrl: anvil1().rpcUrl }] })
  const query = chains.map((a) => `${a.chainId}:${a.rpcUrl}`).join(',')
  await page.goto(`${e2e.stack.appUrl}/?chains=${encodeURIComponent(query)}`)
  await page.getByRole('button', { name: 'Connect wallet' }).waitFor({ timeout: 60_000 })
  return { page, wallet, close: () => context.close() }
}

const walletRow = (page: Page) => page.getByRole('dialog').getByRole('listitem').filter({ hasText: 'Foyer Test Wallet' })

describe('injected wallet connection in Chromium (EIP-6963 test wallet, anvil)', () => {
  it('discovers the wallet, connects without login, switches chain through 4902 + add chain, restores after reload, disconnects, and marks it Recent', async () => {
    const { page, wallet, close } = await openApp([anvil1(), anvil2()])
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('list', { name: 'Wallets' }).waitFor({ timeout: 30_000 })
    await walletRow(page).waitFor()
    expect(await walletRow(page).locator('img').getAttribute('src')).toContain('data:image/svg+xml')
    expect(await walletRow(page).getByText('Recent').count()).toBe(0)
    await docsShot(dialog, 'injected-wallet-list')

    await walletRow(page).getByRole('button').click()
    await dialog.getByText('Wallet connected').waitFor({ timeout: 30_000 })
    await dialog.waitFor({ state: 'detached', timeout: 15_000 })
    const list = page.getByTestId('wallets')
    await list.getByText(wallet.address).waitFor()
    expect(await list.getByTestId('wallet-chain').textContent()).toBe('eip155:31337')
    expect(wallet.authorized).toBe(true)

    // The wallet doesn't know chain 31338: 4902, then wallet_addEthereumChain with the host's chain, then switch.
    await list.getByRole('button', { name: 'Switch to 31338' }).click()
    await list.getByText('eip155:31338').waitFor({ timeout: 15_000 })
    expect(wallet.chainId).toBe(31338)
    expect(wallet.knownChains()).toContain(31338)
    const methods = wallet.requests.map((r) => r.method)
    const add = methods.indexOf('wallet_addEthereumChain')
    expect(add).toBeGreaterThan(methods.indexOf('wallet_switchEthereumChain'))
    expect(methods.lastIndexOf('wallet_switchEthereumChain')).toBeGreaterThan(add)

    // A chain change in the wallet's own UI reaches the page.
    await wallet.setChain(31337)
    await list.getByText('eip155:31337').waitFor({ timeout: 15_000 })

    // Reload: the wallet comes back without a prompt.
    const prompts = methods.filter((m) => m === 'eth_requestAccounts').length
    await page.reload()
    await page.getByTestId('wallets').getByText(wallet.address).waitFor({ timeout: 30_000 })
    expect(wallet.requests.filter((r) => r.method === 'eth_requestAccounts').length).toBe(prompts)

    await page.getByTestId('wallets').getByRole('button', { name: 'Disconnect' }).click()
    await page.getByTestId('wallets').getByText(wallet.address).waitFor({ state: 'detached' })
    expect(wallet.authorized).toBe(false)

    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await walletRow(page).getByText('Recent').waitFor({ timeout: 30_000 })
    await close()
  })

  it("switches to the host's default chain while connecting when the wallet is on an unsupported one", async () => {
    const { page, wallet, close } = await openApp([anvil2()])
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await walletRow(page).getByRole('button').click()
    await page.getByRole('dialog').getByText('Wallet connected').waitFor({ timeout: 30_000 })
    await page.getByTestId('wallets').getByText('eip155:31338').waitFor({ timeout: 15_000 })
    expect(wallet.chainId).toBe(31338)
    expect(wallet.requests.some((r) => r.method === 'wallet_addEthereumChain')).toBe(true)
    await close()
  })

  it("shows the user's rejection (4001) with 'Retry', and connects on retry", async () => {
    const { page, wallet, close } = await openApp([anvil1()])
    wallet.rejectNext('eth_requestAccounts')
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await walletRow(page).getByRole('button').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('alert').filter({ hasText: 'The user rejected the request.' }).waitFor({ state: 'attached', timeout: 30_000 })
    expect(await dialog.locator('.foyer-subtitle').textContent()).toBe('The user rejected the request.')
    expect(await dialog.getByRole('heading', { name: 'Unable to connect to wallet' }).count()).toBe(1)
    await dialog.getByRole('button', { name: 'Retry' }).click()
    await dialog.getByText('Wallet connected').waitFor({ timeout: 30_000 })
    await page.getByTestId('wallets').getByText(wallet.address).waitFor()
    await close()
  })
})
