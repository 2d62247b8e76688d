import { fileURLToPath } from 'node:url'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { startAnvil } from '../standins/anvil.js'
import { enterOutboxCode, requestEmailCode } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'

// Anvil's dev accounts #1 (the faucet's key) and #2 (the "other wallet" of the manual transfer).
const FAUCET_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const SENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const // unlocked on anvil: the node signs
const faucetPlugin = fileURLToPath(new URL('../../examples/custom-plugin/faucet-funding/serverPlugin.ts', import.meta.url))

const anvil = useStandin(() => startAnvil({ chainId: 31337 }), (node) => node.stop())
const e2e = useStack(() => ({
  FOYER_DEV_APP: JSON.stringify({
    'embedded-wallet': { create_on_login: 'users-without-wallets' },
    funding: {
      methods: ['manual', 'faucet'],
      default_recommended_amount: '0.05',
      default_recommended_currency: { chain: 'eip155:31337' },
      prompt_funding_on_wallet_creation: true,
    },
  }),
  FOYER_SERVER_PLUGINS: faucetPlugin,
  FOYER_FAUCET_PRIVATE_KEY: FAUCET_KEY,
  FOYER_FAUCET_RPC_URL: anvil().rpcUrl,
}))

const chain = () => ({ id: 31337, name: 'Local 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil().rpcUrl] } } })
const balanceOf = (address: `0x${string}`) => createPublicClient({ chain: chain(), transport: http(anvil().rpcUrl) }).getBalance({ address })

describe('funding hub (issue 14)', () => {
  it('prompts after sign-up, takes a manual transfer on anvil, and funds through the third-party faucet plugin', async () => {
    const { page, context } = await e2e.newPage()
    try {
      await page.goto(`${e2e.stack.appUrl}/?price_display=native&chains=${encodeURIComponent(`31337:${anvil().rpcUrl}`)}`)
      await requestEmailCode(page, 'funder@example.com')
      await enterOutboxCode(page, e2e.stack.apiUrl, 'funder@example.com')

      // prompt_funding_on_wallet_creation: the selection opens for the new wallet once the login is over.
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('heading', { name: 'Add funds to your Local 31337 wallet' }).waitFor({ timeout: 30_000 })
      const amount = dialog.getByLabel('Amount')
      expect(await amount.inputValue()).toBe('0.05')
      const manual = dialog.getByRole('button', { name: 'Send funds manually' })
      const faucet = dialog.getByRole('button', { name: 'Test faucet' })
      // Only digits and one decimal point are typed; the options wait for an amount > 0.
      await amount.fill('')
      await amount.pressSequentially('0.0a.', { delay: 10 })
      expect(await amount.inputValue()).toBe('0.0')
      expect(await manual.isDisabled()).toBe(true)
      expect(await faucet.isDisabled()).toBe(true)
      await amount.fill('0.05')
      expect(await manual.isEnabled()).toBe(true)

      // Manual transfer: the address, the QR code, the network note; the balance arrives from another wallet.
      await manual.click()
      const shown = (await dialog.getByTestId('foyer-funding-address').textContent()) as `0x${string}`
      expect(shown).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(await dialog.getByTestId('foyer-funding-network').textContent()).toContain('Local 31337')
      await dialog.getByRole('button', { name: 'Scan QR code' }).click()
      await dialog.getByRole('img', { name: 'QR code of your wallet address' }).waitFor()
      await dialog.getByTestId('foyer-funding-balance').waitFor({ timeout: 10_000 })
      // One alignment: every line's text is centred on the screen's body, like the title (none left, some centred).
      const offCentre = await dialog.locator('.foyer-body').evaluate((body) => {
        const b = body.getBoundingClientRect()
        const middle = b.left + b.width / 2
        return ['foyer-funding-address-row', 'foyer-funding-qr-toggle', 'foyer-funding-network', 'foyer-funding-balance', 'foyer-funding-manual-status'].map((id) => {
          const range = document.createRange()
          range.selectNodeContents(body.querySelector(`[data-testid="${id}"]`)!)
          const r = range.getBoundingClientRect()
          return [id, Math.round(Math.abs(r.left + r.width / 2 - middle))] as const
        }).filter(([, off]) => off > 2)
      })
      expect(offCentre).toEqual([])
      expect(await dialog.getByTestId('foyer-funding-close').count()).toBe(0)
      const sender = createWalletClient({ account: SENDER, chain: chain(), transport: http(anvil().rpcUrl) })
      await sender.sendTransaction({ to: shown, value: parseEther('0.05') })
      await dialog.getByText('Funds received!').waitFor({ timeout: 15_000 })
      expect(await dialog.getByTestId('foyer-funding-manual-status').getAttribute('data-arrived')).toBe('true')
      await dialog.getByTestId('foyer-funding-close').click()
      await dialog.waitFor({ state: 'detached', timeout: 10_000 })
      expect(await page.getByTestId('embedded-wallet').first().locator('code').textContent()).toBe(shown)

      // The third party's faucet: its screen asks its server route, which sends the amount for real on anvil.
      const before = await balanceOf(shown)
      await page.getByRole('button', { name: 'Fund wallet' }).click()
      await dialog.getByRole('heading', { name: 'Add funds to your Local 31337 wallet' }).waitFor({ timeout: 15_000 })
      await dialog.getByRole('button', { name: 'Test faucet' }).click()
      await dialog.getByTestId('faucet-send').click()
      await dialog.getByRole('heading', { name: "You've funded your account!" }).waitFor({ timeout: 20_000 })
      await dialog.getByText('It may take a few minutes for the assets to appear.').waitFor()
      expect((await balanceOf(shown)) - before).toBe(parseEther('0.05'))
      await dialog.getByTestId('foyer-funding-close').click()
      await dialog.waitFor({ state: 'detached', timeout: 10_000 })
      // fundWallet answered when the modal closed: the status reached and the method.
      await expect.poll(() => page.getByTestId('embedded-result').textContent(), { timeout: 5_000 }).toContain('success (faucet)')
    } finally {
      await context.close()
    }
  })
})
