import { parseEther, type Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { startAnvil } from '../standins/anvil.js'
import { installInjectedTestWallet } from '../standins/injectedTestWallet.js'
import { RELAY_SOL_CURRENCY, RELAY_SOLANA_CHAIN_ID, startRelayStandin } from '../standins/relayStandin.js'
import { startSolanaRpcStandin } from '../standins/solanaRpcStandin.js'
import { installSolanaTestWallet } from '../standins/solanaTestWallet.js'
import { signUpByEmail } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'

// Funding with Solana in it: one anvil chain (A) and the litesvm RPC stand-in as Solana mainnet-beta; the Relay
// stand-in bridges between them (Relay's Solana chain id 792703809; 1 SOL = 1 ETH there).
const A = 31337
const SOL = 1_000_000_000n
const anvilA = useStandin(() => startAnvil({ chainId: A }), (node) => node.stop())
const solana = useStandin(() => startSolanaRpcStandin(), (node) => node.stop())
const relay = useStandin(() => startRelayStandin({ rpcUrls: { [A]: anvilA().rpcUrl }, solana: solana() }), (standin) => standin.close())
const e2e = useStack(() => ({
  FOYER_DEV_APP: JSON.stringify({
    'embedded-wallet': { create_on_login: 'users-without-wallets' },
    funding: { methods: ['external', 'manual'], default_recommended_amount: '0.05', default_recommended_currency: { chain: `eip155:${A}` }, cross_chain_bridging_enabled: true },
  }),
}))

describe('Funding with Solana in Chromium (external Solana and EVM wallets, litesvm, anvil, the Relay stand-in)', () => {
  it('transfers SOL from a Solana wallet, bridges EVM → Solana and Solana → EVM, and completes a manual SOL transfer', async () => {
    const { context, page } = await e2e.newPage()
    const lines: string[] = []
    page.on('pageerror', (e) => lines.push(`pageerror: ${e.message}`.slice(0, 300)))
    try {
      const evm = await installInjectedTestWallet(page, { privateKeys: [generatePrivateKey()], chains: [{ chainId: A, rpcUrl: anvilA().rpcUrl }] })
      const phantom = await installSolanaTestWallet(page, { name: 'Foyer Solana Wallet', rpcUrl: solana().rpcUrl })
      const query = `/?chains=${encodeURIComponent(`${A}:${anvilA().rpcUrl}`)}&relay=${encodeURIComponent(relay().url)}&solana_rpc=${encodeURIComponent(solana().rpcUrl)}`
      await signUpByEmail(page, e2e.stack, 'solana.funder@example.com', query)
      const dialog = page.getByRole('dialog')
      await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
      await dialog.waitFor({ state: 'detached', timeout: 10_000 })
      const evmAddress = (await page.getByTestId('embedded-wallet').first().locator('code').textContent()) as Hex
      await page.getByRole('button', { name: 'Create a Solana wallet' }).click()
      const card = page.getByTestId('solana-transactions')
      await card.waitFor({ timeout: 20_000 })
      const solAddress = (await card.locator('code').textContent())!

      /** 'Fund …' → 'Transfer from wallet' → the wallet named `wallet` on the list. */
      const transferFrom = async (button: string, wallet: RegExp) => {
        await page.getByRole('button', { name: button, exact: true }).click()
        const row = dialog.getByTestId('foyer-funding-method-external')
        await expect.poll(() => row.isEnabled(), { timeout: 15_000 }).toBe(true)
        await row.click()
        await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: wallet }).click({ timeout: 15_000 })
      }
      const funded = async () => {
        await dialog.getByText("You've funded your account!").waitFor({ timeout: 30_000 })
        await dialog.getByTestId('foyer-funding-close').click()
        await dialog.waitFor({ state: 'detached', timeout: 10_000 })
      }

      // 1. SOL from the Solana wallet to the embedded Solana wallet: one transfer it signs and sends, confirmed on the
      // node. The list offers the EVM wallet too (bridging is on, the cluster is mainnet-beta).
      solana().fund(phantom.address, 2n * SOL)
      await page.getByRole('button', { name: 'Fund Solana wallet' }).click()
      await dialog.getByTestId('foyer-funding-method-external').click({ timeout: 15_000 })
      const list = dialog.getByRole('list', { name: 'Wallets' })
      await list.getByRole('button', { name: /Foyer Test Wallet/ }).waitFor({ timeout: 15_000 })
      await list.getByRole('button', { name: /Foyer Solana Wallet/ }).click()
      await funded()
      expect(solana().balance(solAddress)).toBe(SOL / 2n)
      expect(phantom.sentTransactions).toHaveLength(1)
      expect(solana().balance(phantom.address)).toBe(2n * SOL - SOL / 2n - 5000n)

      // 2. EVM → Solana: the EVM wallet pays ETH on A; the relay's solver delivers SOL to the embedded Solana wallet.
      await anvilA().setBalance(evm.address, parseEther('1'))
      await transferFrom('Fund Solana wallet', /Foyer Test Wallet/)
      await funded()
      expect(relay().quotes.at(-1)!.body).toMatchObject({ user: evm.address, recipient: solAddress, originChainId: A, destinationChainId: RELAY_SOLANA_CHAIN_ID, destinationCurrency: RELAY_SOL_CURRENCY, amount: String(SOL / 2n) })
      await expect.poll(() => solana().balance(solAddress), { timeout: 15_000 }).toBe(SOL)

      // 3. Solana → EVM: 'Fund wallet' (0.05 ETH on A) paid from the Solana wallet — Relay's instructions in one v0
      // transaction to a deposit address; the solver then pays the embedded EVM wallet on A.
      const before = BigInt(await anvilA().rpc<string>('eth_getBalance', [evmAddress, 'latest']))
      await transferFrom('Fund wallet', /Foyer Solana Wallet/)
      await funded()
      expect(relay().quotes.at(-1)!.body).toMatchObject({ user: phantom.address, recipient: evmAddress, originChainId: RELAY_SOLANA_CHAIN_ID, destinationChainId: A, originCurrency: RELAY_SOL_CURRENCY, amount: parseEther('0.05').toString() })
      const deposit = relay().solanaDeposits.at(-1)!
      expect(solana().balance(deposit.address)).toBe(deposit.lamports)
      expect(phantom.sentTransactions).toHaveLength(2)
      await expect.poll(async () => BigInt(await anvilA().rpc<string>('eth_getBalance', [evmAddress, 'latest'])) - before, { timeout: 15_000 }).toBe(parseEther('0.05'))

      // 4. Manual: the Solana address and its QR code; the balance polled until 0.5 SOL more has arrived.
      await page.getByRole('button', { name: 'Fund Solana wallet' }).click()
      await dialog.getByRole('button', { name: 'Send funds manually' }).click({ timeout: 15_000 })
      await dialog.getByText(solAddress).first().waitFor({ timeout: 10_000 })
      await dialog.getByText(/Solana mainnet-beta/).first().waitFor()
      expect(await dialog.getByTestId('foyer-funding-close').count()).toBe(0)
      solana().fund(solAddress, SOL / 2n)
      await dialog.getByTestId('foyer-funding-close').click({ timeout: 15_000 })
      await dialog.waitFor({ state: 'detached', timeout: 10_000 })
      await page.getByText('success (manual)').waitFor({ timeout: 5000 })
    } catch (error) {
      const dialog = page.getByRole('dialog')
      console.log('[fundingSolana e2e] dialog at failure:', (await dialog.count()) ? await dialog.textContent() : '(none)', '\n', lines.join('\n'), '\n', e2e.stack.log().slice(-3000))
      throw error
    } finally {
      await context.close()
    }
  })
})
