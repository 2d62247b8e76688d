import { createRequire } from 'node:module'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, createWalletClient, erc20Abi, http, type Abi, type Hex } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { startAnvil } from '../standins/anvil.js'
import { startMoonpayStandin } from '../standins/moonpayStandin.js'
import { signUpByEmail } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

// Chain id 1 (a local anvil): Ethereum mainnet is one of Moonpay's chains (ETH_ETHEREUM).
const anvil = useStandin(() => startAnvil({ chainId: 1 }), (node) => node.stop())
const moonpay = useStandin(() => startMoonpayStandin(anvil()), (standin) => standin.close())
const e2e = useStack(() => ({
  FOYER_DEV_APP: JSON.stringify({
    'embedded-wallet': { create_on_login: 'users-without-wallets' },
    // The funding hub's section: Moonpay and the manual transfer on 'Add funds'.
    funding: { methods: ['moonpay', 'manual'], default_recommended_amount: '0.05', default_recommended_currency: { chain: 'eip155:1' } },
  }),
  ...moonpay().serverEnv(),
}))

const balanceOf = async (address: string) => BigInt(await anvil().rpc<string>('eth_getBalance', [address, 'latest']))

// A mintable ERC-20 (OpenZeppelin 4.9's preset; anvil's first account, unlocked, is its minter) plays USDC on the
// anvil: the page gets its address (?usdc=1:0x…) and a Moonpay USDC purchase mints it to the wallet.
const minterArtifact = createRequire(import.meta.url)('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json') as { abi: Abi; bytecode: Hex }
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
const localChain = () => ({ id: 1, name: 'Anvil 1', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil().rpcUrl] } } })
const reader = () => createPublicClient({ chain: localChain(), transport: http(anvil().rpcUrl) })
const minter = () => createWalletClient({ chain: localChain(), account: DEPLOYER, transport: http(anvil().rpcUrl) })
async function deployUsdc(): Promise<Hex> {
  const hash = await minter().deployContract({ abi: minterArtifact.abi, bytecode: minterArtifact.bytecode, args: ['Test USDC', 'USDC'] })
  const token = (await reader().waitForTransactionReceipt({ hash })).contractAddress!
  moonpay().mintUsdc = async (to, amount) => {
    const mint = await minter().writeContract({ address: token, abi: minterArtifact.abi, functionName: 'mint', args: [to, amount] })
    await reader().waitForTransactionReceipt({ hash: mint })
  }
  return token
}

/** Signs a new user up by e-mail with anvil as the app's chain and `usdc` as its USDC; the wallet is made at login. Answers its address. */
async function signUp(page: Page, email: string, usdc: Hex): Promise<`0x${string}`> {
  await signUpByEmail(page, e2e.stack, email, `/?chains=${encodeURIComponent(`1:${anvil().rpcUrl}`)}&usdc=${encodeURIComponent(`1:${usdc}`)}`)
  await page.getByRole('dialog').getByText('All set!').waitFor({ timeout: 30_000 })
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
  await page.getByTestId('signed-in').waitFor()
  return (await page.getByTestId('embedded-wallet').first().locator('code').textContent()) as `0x${string}`
}

/** `button` on the example's wallet card (the hub's fundWallet), then the Moonpay row of 'Add funds' with `amount`. */
async function fundWithMoonpay(page: Page, amount: string, button = 'Fund wallet') {
  await page.getByTestId('embedded-wallets').getByRole('button', { name: button }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByTestId('foyer-funding-amount').fill(amount)
  await dialog.getByTestId('foyer-funding-method-moonpay').click()
}

/** Clicks 'Continue to Moonpay' once enabled (the signed URL exists) and answers the tab it opened. */
async function continueToMoonpay(context: BrowserContext, page: Page): Promise<Page> {
  const dialog = page.getByRole('dialog')
  const button = dialog.getByRole('button', { name: 'Continue to Moonpay' })
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true)
  await docsShot(dialog, 'funding-moonpay-continue')
  const [tab] = await Promise.all([context.waitForEvent('page'), button.click()])
  await tab.waitForLoadState('domcontentloaded')
  return tab
}

/** One signed-up user's page, shared by the tests (a sign-up with wallet creation costs seconds); made by the first that asks. */
let shared: Promise<{ context: BrowserContext; page: Page; address: `0x${string}`; usdc: Hex }> | null = null
const signedIn = () =>
  (shared ??= e2e.newPage().then(async ({ context, page }) => {
    const usdc = await deployUsdc()
    return { context, page, usdc, address: await signUp(page, 'moonpay.buyer@example.com', usdc) }
  }))

/** Closes the funding modal (its header's Close) and waits for the example to show fundWallet's answer `expected`. */
async function closeFunding(page: Page, expected: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await dialog.waitFor({ state: 'detached', timeout: 10_000 })
  await expect.poll(() => page.getByTestId('embedded-result').textContent(), { timeout: 10_000 }).toContain(expected)
}
afterAll(async () => (await shared?.catch(() => null))?.context.close())

describe('Moonpay funding in Chromium (signed widget URL, status polled at the stand-in, ETH on anvil)', () => {
  it('buys ETH: the stand-in verifies the signature, the status goes pending → completed, the balance arrives', async () => {
    const { context, page, address } = await signedIn()
    const before = await balanceOf(address)

    await fundWithMoonpay(page, '0.05')
    const tab = await continueToMoonpay(context, page)
    // The widget loaded: the stand-in accepted the server's signature (an altered URL doesn't load).
    await tab.getByRole('heading', { name: 'Buy 0.05 ETH_ETHEREUM' }).waitFor()
    expect(moonpay().rejectedSignatures).toBe(0)
    const altered = await fetch(tab.url().replace(/walletAddress=[^&]+/, 'walletAddress=0x0000000000000000000000000000000000000001'))
    expect(altered.status).toBe(401)

    await tab.getByRole('button', { name: 'Buy' }).click()
    await tab.getByText('Purchase submitted').waitFor()
    await tab.close()

    const status = page.getByTestId('foyer-moonpay-status')
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 10_000 }).toBe('pending')
    // A card payment in progress: the spec's copy.
    await page.getByRole('dialog').getByText('Processing payment').waitFor()
    await page.getByRole('dialog').getByText('Moonpay may take up to a few hours. You will receive an email when the purchase is complete.').waitFor()
    await page.getByRole('dialog').getByText("You've funded your account!").waitFor({ timeout: 15_000 })
    expect((await balanceOf(address)) - before).toBe(50_000_000_000_000_000n)
    const [tx] = [...moonpay().transactions.values()]
    expect(tx).toMatchObject({ walletAddress: address, currencyCode: 'ETH_ETHEREUM', quoteCurrencyAmount: 0.05, status: 'completed' })
    // Close ends fundWallet with the status reached and the method chosen.
    await page.getByTestId('foyer-funding-close').click()
    await expect.poll(() => page.getByTestId('embedded-result').textContent(), { timeout: 10_000 }).toContain('success (moonpay)')
  })

  it('three failed status polls end as a serviceFailure: back to the method selection with the Moonpay error', async () => {
    const { context, page } = await signedIn()
    moonpay().serverErrors = true
    moonpay().errorAnswers = 0
    try {
      await fundWithMoonpay(page, '0.01')
      const tab = await continueToMoonpay(context, page)
      await tab.close()
      await page
        .getByRole('dialog')
        .getByText('Something went wrong adding funds from Moonpay. Please try again or use another method to fund your wallet.')
        .waitFor({ timeout: 15_000 })
      // Exactly three failed polls reached Moonpay: the third ended the polling.
      expect(moonpay().errorAnswers).toBe(3)
      // The selection again, Moonpay still offered.
      await page.getByRole('dialog').getByTestId('foyer-funding-method-moonpay').waitFor()
    } finally {
      moonpay().serverErrors = false
    }
    // Closed on the selection after the failure: fundWallet answers 'exited' (the failure went to onError and the result).
    await closeFunding(page, 'exited (moonpay)')
    expect(moonpay().errorAnswers).toBe(3)
  })

  it("a bank transfer waiting for the user's authorization: 'In Progress', fundWallet answers in-progress", async () => {
    const { context, page, address } = await signedIn()
    const before = await balanceOf(address)
    moonpay().payWith = 'bank'
    try {
      await fundWithMoonpay(page, '0.02')
      const tab = await continueToMoonpay(context, page)
      await tab.getByRole('button', { name: 'Buy' }).click()
      await tab.getByText('Purchase submitted').waitFor()
      await tab.close()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('heading', { name: 'In Progress' }).waitFor({ timeout: 15_000 })
      await dialog.getByText('Go back to Moonpay to finish funding your account.').waitFor()
      const tx = [...moonpay().transactions.values()].find((t) => t.paymentMethod === 'sepa_bank_transfer')!
      expect(tx).toMatchObject({ status: 'waitingAuthorization', quoteCurrencyAmount: 0.02 })
      // Nothing paid yet.
      expect(await balanceOf(address)).toBe(before)
      await dialog.getByTestId('foyer-funding-close').click()
      await expect.poll(() => page.getByTestId('embedded-result').textContent(), { timeout: 10_000 }).toContain('in-progress (moonpay)')
    } finally {
      moonpay().payWith = 'card'
    }
  })

  it("buys USDC (USDC_ETHEREUM): the stand-in mints it on anvil's test token; closed while processing, fundWallet answers processing", async () => {
    const { context, page, address, usdc } = await signedIn()
    const usdcOf = () => reader().readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    expect(await usdcOf()).toBe(0n)
    // Pending for longer than this test: the user closes while Moonpay is still processing.
    moonpay().pendingPolls = 1000
    try {
      // The example's 'Fund with USDC': fundWallet({ asset: 'USDC', amount: '5' }) on the anvil chain.
      await fundWithMoonpay(page, '5', 'Fund with USDC')
      const tab = await continueToMoonpay(context, page)
      await tab.getByRole('heading', { name: 'Buy 5 USDC_ETHEREUM' }).waitFor()
      await tab.getByRole('button', { name: 'Buy' }).click()
      await tab.getByText('Purchase submitted').waitFor()
      await tab.close()
      // The USDC arrived on the chain: 5 at USDC's 6 decimals.
      expect(await usdcOf()).toBe(5_000_000n)
      const dialog = page.getByRole('dialog')
      await dialog.getByText('Moonpay may take up to a few hours. You will receive an email when the purchase is complete.').waitFor({ timeout: 15_000 })
      await closeFunding(page, 'processing (moonpay)')
    } finally {
      moonpay().pendingPolls = 1
    }
  })
})
