import type { BrowserContext, Page } from 'playwright-core'
import { parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { startAnvil } from '../standins/anvil.js'
import { startCoinbaseOnrampStandin } from '../standins/coinbaseOnrampStandin.js'
import { signUpByEmail } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

// Anvil's 31337 isn't one of Coinbase's chains: the app's "funding-coinbase" section maps it to Base for this test
// (and points the pay page at the stand-in).
const CHAIN_ID = 31337
const anvil = useStandin(() => startAnvil({ chainId: CHAIN_ID }), (node) => node.stop())
const coinbase = useStandin(() => startCoinbaseOnrampStandin({ rpcUrl: anvil().rpcUrl }), (standin) => standin.close())
const e2e = useStack(() => ({
  FOYER_DEV_APP: JSON.stringify({
    'embedded-wallet': { create_on_login: 'users-without-wallets' },
    funding: { methods: ['coinbase-onramp', 'manual'], default_recommended_amount: '0.01', default_recommended_currency: { chain: `eip155:${CHAIN_ID}` } },
    'funding-coinbase': { pay_url: coinbase().payUrl, chains: { [CHAIN_ID]: 'base' } },
  }),
  ...coinbase().env(),
}))

const balanceOf = async (address: string) => BigInt(await anvil().rpc<string>('eth_getBalance', [address, 'latest']))

/** Signs a new user up by e-mail with anvil as the app's chain; the wallet is made at login. Answers its address. */
async function signUp(page: Page, email: string): Promise<`0x${string}`> {
  await signUpByEmail(page, e2e.stack, email, `/?chains=${encodeURIComponent(`${CHAIN_ID}:${anvil().rpcUrl}`)}`)
  await page.getByRole('dialog').getByText('All set!').waitFor({ timeout: 30_000 })
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
  await page.getByTestId('signed-in').waitFor()
  return (await page.getByTestId('embedded-wallet').first().locator('code').textContent()) as `0x${string}`
}

/**
 * The hub's fundWallet with `defaultFundingMethod: 'coinbase-onramp'`, called on the page's Foyer kernel (reached through
 * React's tree: the FoyerProvider's context value), as a host's useFundWallet would.
 */
async function fundWithCoinbase(page: Page, address: string, amount: string) {
  await page.evaluate(
    ({ address, amount, chain }) => {
      type Kernel = { modal: { request(screen: string, params: unknown): Promise<unknown> }; registry: unknown; actions(): Record<string, (...a: unknown[]) => Promise<unknown>> }
      type Fiber = { child: Fiber | null; sibling: Fiber | null; memoizedProps?: { value?: Partial<Kernel> } }
      const root = document.getElementById('root') as unknown as Record<string, Fiber>
      const stack: Fiber[] = [root[Object.keys(root).find((k) => k.startsWith('__reactContainer$'))!]!]
      let kernel: Kernel | undefined
      while (stack.length && !kernel) {
        const fiber = stack.pop()!
        const value = fiber.memoizedProps?.value
        if (value && typeof value === 'object' && 'registry' in value && typeof value.modal?.request === 'function') kernel = value as Kernel
        if (fiber.sibling) stack.push(fiber.sibling)
        if (fiber.child) stack.push(fiber.child)
      }
      if (!kernel) throw new Error('no Foyer kernel in the page')
      const w = window as unknown as { __funding: Promise<unknown> }
      w.__funding = kernel.actions().fundWallet!({ address, options: { chain: `eip155:${chain}`, amount, asset: 'native-currency', defaultFundingMethod: 'coinbase-onramp' } })
      w.__funding.catch(() => undefined)
    },
    { address, amount, chain: CHAIN_ID },
  )
}

/**
 * The pay page's popup: opened at once when the screen still has the user's gesture, else by 'Continue with Coinbase'
 * (fundWallet here is called from a script, not a click).
 */
async function coinbasePopup(context: BrowserContext, page: Page): Promise<Page> {
  const popup = context.waitForEvent('page', { timeout: 20_000 })
  const button = page.getByRole('dialog').getByRole('button', { name: 'Continue with Coinbase' })
  const opened = await Promise.race([popup.then(() => true), button.waitFor({ timeout: 20_000 }).then(() => false)])
  if (!opened) await button.click()
  const tab = await popup
  await tab.waitForURL(/\/buy\/select-asset\?/, { timeout: 15_000 })
  return tab
}

describe('Coinbase Onramp funding in Chromium (CDP-JWT session token, pay page popup, status polled, ETH on anvil)', () => {
  it('buys ETH: the stand-in verifies the JWT, the popup pays, the status turns success and the balance arrives; a failed one, chosen on Add funds, goes back there', async () => {
    const { context, page } = await e2e.newPage()
    try {
      const address = await signUp(page, 'coinbase.buyer@example.com')
      const before = await balanceOf(address)

      await fundWithCoinbase(page, address, '0.05')
      const tab = await coinbasePopup(context, page)
      const query = Object.fromEntries(new URL(tab.url()).searchParams)
      expect(query).toMatchObject({ appId: coinbase().projectId, defaultExperience: 'buy', presetCryptoAmount: '0.05', defaultNetwork: 'base' })
      expect(coinbase().sessions.get(query.sessionToken!)?.addresses).toEqual([{ address, blockchains: ['base'] }])
      expect(query.partnerUserId).toMatch(/^[A-Za-z0-9_-]{1,49}$/)
      // §9: the pay page's popup is 440×680.
      expect(await tab.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([440, 680])
      // While the popup is open: 'In Progress'.
      await page.getByRole('dialog').getByText('Go back to Coinbase Onramp to finish funding your account.').waitFor()
      await docsShot(page.getByRole('dialog'), 'funding-coinbase-in-progress')

      // Buy funds the wallet on anvil and closes the popup; the screen then polls the status to success.
      await Promise.all([tab.waitForEvent('close', { timeout: 10_000 }), tab.getByRole('button', { name: 'Buy' }).click()])
      const dialog = page.getByRole('dialog')
      await dialog.getByText("You've funded your account!").waitFor({ timeout: 15_000 })
      await dialog.getByText('It may take a few minutes for the assets to appear.').waitFor()
      expect((await balanceOf(address)) - before).toBe(parseEther('0.05'))

      // Every CDP call carried a JWT the stand-in verified with the key's public half.
      expect(coinbase().refusals).toEqual([])
      expect(coinbase().calls.map((c) => c.method + ' ' + c.path.replace(/user\/[^/]+/, 'user/:id'))).toEqual(
        expect.arrayContaining(['POST /onramp/v1/token', 'GET /onramp/v1/buy/user/:id/transactions']),
      )
      expect(coinbase().calls.find((c) => c.method === 'GET')!.path).toContain(query.partnerUserId)

      // A failed purchase, from the example's 'Fund wallet' button: 'Add funds' lists Coinbase Onramp for the mapped
      // chain, and choosing it opens the popup in that click. It ends back on 'Add funds' with §8's text for a purchase
      // Coinbase reports failed.
      await dialog.getByTestId('foyer-funding-close').click()
      await dialog.waitFor({ state: 'detached', timeout: 10_000 })
      coinbase().outcome = 'failed'
      // Coinbase says 'in progress' once before the failure: the screen shows the processing copy meanwhile.
      coinbase().inProgressPolls = 1
      const funded = await balanceOf(address)
      await page.getByRole('button', { name: 'Fund wallet' }).click()
      const row = dialog.getByTestId('foyer-funding-method-coinbase-onramp')
      await expect.poll(() => row.isEnabled(), { timeout: 15_000 }).toBe(true)
      const [second] = await Promise.all([context.waitForEvent('page', { timeout: 15_000 }), row.click()])
      await second.waitForURL(/\/buy\/select-asset\?/, { timeout: 15_000 })
      expect(new URL(second.url()).searchParams.get('presetCryptoAmount')).toBe('0.01')
      await Promise.all([second.waitForEvent('close', { timeout: 10_000 }), second.getByRole('button', { name: 'Buy' }).click()])
      // After the popup closed, until Coinbase answers: the spec's 'Processing payment' copy.
      await dialog.getByText('Processing payment').waitFor({ timeout: 10_000 })
      await dialog.getByText('Coinbase Onramp may take up to a few hours. You will receive an email when the purchase is complete.').waitFor()
      await dialog.getByText('There was an error completing Coinbase Onramp flow.').waitFor({ timeout: 15_000 })
      await dialog.getByText(/Add funds to your/).waitFor()
      expect(await balanceOf(address)).toBe(funded)
      // Closed on the selection after the failure: fundWallet answers 'exited' for the method chosen.
      await dialog.getByRole('button', { name: 'Close' }).first().click()
      await dialog.waitFor({ state: 'detached', timeout: 10_000 })
      await expect.poll(() => page.getByTestId('embedded-result').textContent(), { timeout: 10_000 }).toContain('exited (coinbase-onramp)')
    } catch (error) {
      const dialog = page.getByRole('dialog')
      console.log('[fundingCoinbase e2e] dialog at failure:', (await dialog.count()) ? await dialog.textContent() : '(none)', '\n', e2e.stack.log().slice(-3000))
      throw error
    } finally {
      await context.close()
    }
  })
})
