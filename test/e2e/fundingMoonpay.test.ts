import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { startAnvil } from '../standins/anvil.js'
import { startMoonpayStandin } from '../standins/moonpayStandin.js'
import { signUpByEmail } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'

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

/** Signs a new user up by e-mail with anvil as the app's chain; the wallet is made at login. Answers its address. */
async function signUp(page: Page, email: string): Promise<`0x${string}`> {
  await signUpByEmail(page, e2e.stack, email, `/?chains=${encodeURIComponent(`1:${anvil().rpcUrl}`)}`)
  await page.getByRole('dialog').getByText('All set!').waitFor({ timeout: 30_000 })
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
  await page.getByTestId('signed-in').waitFor()
  return (await page.getByTestId('embedded-wallet').first().locator('code').textContent()) as `0x${string}`
}

/** 'Fund wallet' on the example's wallet card (the hub's fundWallet), then the Moonpay row of 'Add funds' with `amount`. */
async function fundWithMoonpay(page: Page, amount: string) {
  await page.getByTestId('embedded-wallets').getByRole('button', { name: 'Fund wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByTestId('foyer-funding-amount').fill(amount)
  await dialog.getByTestId('foyer-funding-method-moonpay').click()
}

/** Clicks 'Continue to Moonpay' once enabled (the signed URL exists) and answers the tab it opened. */
async function continueToMoonpay(context: BrowserContext, page: Page): Promise<Page> {
  const dialog = page.getByRole('dialog')
  const button = dialog.getByRole('button', { name: 'Continue to Moonpay' })
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true)
  const [tab] = await Promise.all([context.waitForEvent('page'), button.click()])
  await tab.waitForLoadState('domcontentloaded')
  return tab
}

/** One signed-up user's page, shared by the tests (a sign-up with wallet creation costs seconds); made by the first that asks. */
let shared: Promise<{ context: BrowserContext; page: Page; address: `0x${string}` }> | null = null
const signedIn = () =>
  (shared ??= e2e.newPage().then(async ({ context, page }) => ({ context, page, address: await signUp(page, 'moonpay.buyer@example.com') })))
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
    await page.getByRole('dialog').getByText('Processing payment').waitFor()
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
    try {
      await fundWithMoonpay(page, '0.01')
      const tab = await continueToMoonpay(context, page)
      await tab.close()
      await page
        .getByRole('dialog')
        .getByText('Something went wrong adding funds from Moonpay. Please try again or use another method to fund your wallet.')
        .waitFor({ timeout: 15_000 })
      // The selection again, Moonpay still offered.
      await page.getByRole('dialog').getByTestId('foyer-funding-method-moonpay').waitFor()
    } finally {
      moonpay().serverErrors = false
    }
  })
})
