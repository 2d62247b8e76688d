import type { BrowserContext, Page } from 'playwright-core'
import { hexToString, type Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { startAnvil } from '../standins/anvil.js'
import { installInjectedTestWallet, type TestWallet } from '../standins/injectedTestWallet.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const anvil = useStandin(() => startAnvil({ chainId: 31337 }), (chain) => chain.stop())
// The example server's dev app already has wallet_auth on (EOA signatures need no chain access).
const e2e = useStack()

const consoleLines: string[] = []
async function walletPage(): Promise<{ context: BrowserContext; page: Page; wallet: TestWallet }> {
  const { context, page } = await e2e.newPage()
  page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`.slice(0, 300)))
  page.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`.slice(0, 300)))
  const wallet = await installInjectedTestWallet(page, { privateKeys: [generatePrivateKey(), generatePrivateKey()], chains: [{ chainId: 31337, rpcUrl: anvil().rpcUrl }] })
  await page.goto(e2e.stack.appUrl)
  return { context, page, wallet }
}

/**
 * Opens the flow (`open`), then the landing's 'Continue with a wallet' → 'Ethereum wallet' (the wallet
 * group), unless the flow starts on the wallet list (link), then picks the test wallet.
 */
async function pickTestWallet(page: Page, open: () => Promise<void>) {
  await open()
  const dialog = page.getByRole('dialog')
  const list = dialog.getByRole('list', { name: 'Wallets' })
  const group = dialog.getByRole('button', { name: 'Continue with a wallet', exact: true })
  await list.or(group).first().waitFor({ timeout: 30_000 })
  if (!(await list.isVisible())) {
    await group.click()
    await dialog.getByRole('button', { name: 'Ethereum wallet' }).click({ timeout: 30_000 })
    await docsShot(dialog, 'siwe-wallet-list', { ready: dialog.getByRole('button', { name: /Foyer Test Wallet/ }) })
  }
  await dialog
    .getByRole('button', { name: /Foyer Test Wallet/ })
    .click({ timeout: 30_000 })
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\nThe page shows: ${await page.locator('body').innerText().catch(() => '(nothing)')}\nConsole: ${consoleLines.join('\n')}`)
    })
  return dialog
}
const login = (page: Page) => pickTestWallet(page, () => page.getByRole('button', { name: 'Log in' }).click())

/** The EIP-4361 messages the wallet was asked to sign. */
const signedMessages = (wallet: TestWallet) =>
  wallet.requests.filter((r) => r.method === 'personal_sign').map((r) => {
    const [data] = r.params as [string, string]
    return data.startsWith('0x') ? hexToString(data as Hex) : data
  })

async function linkedAccounts(page: Page) {
  await page.getByTestId('signed-in').waitFor({ timeout: 60_000 })
  return (await page.getByTestId('linked-accounts').textContent()) ?? ''
}

describe('Sign-In With Ethereum in Chromium with an injected test wallet', () => {
  it('signs in through the landing, then links a second account of the wallet', async () => {
    const { context, page, wallet } = await walletPage()
    const [first, second] = wallet.accounts as [Hex, Hex]
    await login(page)
    await expect.poll(() => linkedAccounts(page), { timeout: 60_000 }).toContain(`wallet: ${first}`)

    // The message is EIP-4361 for this page, this address and the wallet's chain.
    const [message] = signedMessages(wallet)
    const parsed = parseSiweMessage(message!)
    expect(parsed).toMatchObject({ domain: new URL(e2e.stack.appUrl).host, address: first, uri: new URL(e2e.stack.appUrl).origin, version: '1', chainId: 31337 })
    expect(parsed.nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(Math.abs(parsed.issuedAt!.getTime() - Date.now())).toBeLessThan(120_000)

    // The user selects their second account in the wallet, then links it.
    await wallet.switchAccount(1)
    await pickTestWallet(page, () => page.getByRole('button', { name: 'Link a wallet' }).click())
    await expect.poll(() => linkedAccounts(page), { timeout: 60_000 }).toContain(`wallet: ${second}`)
    const accounts = await linkedAccounts(page)
    expect(accounts).toContain(`wallet: ${first}`)
    expect(signedMessages(wallet)).toHaveLength(2)
    expect(parseSiweMessage(signedMessages(wallet)[1]!).address).toBe(second)
    await context.close()
  }, 240_000)

  it('a rejected signature (4001) shows the error with a retry that signs in', async () => {
    const { context, page, wallet } = await walletPage()
    wallet.rejectNext('personal_sign')
    const dialog = await login(page)
    // The connect screen owns the error (the retry counts toward its limit): the §8 rejection, then 'Retry'.
    await dialog.getByRole('alert').filter({ hasText: 'The user rejected the request.' }).waitFor({ timeout: 60_000 })
    expect(await dialog.getByRole('heading').textContent()).toBe('Unable to connect to wallet')
    await expect.poll(() => page.getByTestId('signed-in').count()).toBe(0)
    await dialog.getByRole('button', { name: 'Retry' }).click()
    await expect.poll(() => linkedAccounts(page), { timeout: 60_000 }).toContain(`wallet: ${wallet.address}`)
    // Two prompts, two distinct nonces: a message is never re-submitted.
    const nonces = signedMessages(wallet).map((m) => parseSiweMessage(m).nonce)
    expect(nonces).toHaveLength(2)
    expect(new Set(nonces).size).toBe(2)
    await context.close()
  }, 240_000)
})
