import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, type Abi, type Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { startAnvil } from '../standins/anvil.js'
import { installInjectedTestWallet } from '../standins/injectedTestWallet.js'
import { startRelayStandin } from '../standins/relayStandin.js'
import { signUpByEmail } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

// Three anvil chains: the embedded wallet is funded on A (the page's first chain, which 'Fund wallet' picks); B and C
// are the other configured chains a bridge pays from, through the Relay stand-in.
const A = 31337
const B = 31338
const C = 31339
const anvilA = useStandin(() => startAnvil({ chainId: A }), (node) => node.stop())
const anvilB = useStandin(() => startAnvil({ chainId: B }), (node) => node.stop())
const anvilC = useStandin(() => startAnvil({ chainId: C }), (node) => node.stop())
const rpcOf = (chainId: number) => ({ [A]: anvilA(), [B]: anvilB(), [C]: anvilC() })[chainId]!.rpcUrl

// A mintable ERC-20 (OpenZeppelin 4.9's preset; anvil's first account is its minter) plays USDC on A and B; the Relay
// stand-in's solver mints it on the destination chain.
const minterArtifact = createRequire(import.meta.url)('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json') as { abi: Abi; bytecode: Hex }
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
const chainFor = (chainId: number) => ({ id: chainId, name: `Local ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcOf(chainId)] } } })
const reader = (chainId: number) => createPublicClient({ chain: chainFor(chainId), transport: http(rpcOf(chainId)) })
const minter = (chainId: number) => createWalletClient({ chain: chainFor(chainId), account: DEPLOYER, transport: http(rpcOf(chainId)) })
async function deployToken(chainId: number): Promise<Hex> {
  const hash = await minter(chainId).deployContract({ abi: minterArtifact.abi, bytecode: minterArtifact.bytecode, args: ['Test USDC', 'USDC'] })
  return (await reader(chainId).waitForTransactionReceipt({ hash })).contractAddress!
}
async function mint(chainId: number, token: Hex, to: Hex, amount: bigint): Promise<void> {
  const hash = await minter(chainId).writeContract({ address: token, abi: minterArtifact.abi, functionName: 'mint', args: [to, amount] })
  await reader(chainId).waitForTransactionReceipt({ hash })
}
const tokenBalance = (chainId: number, token: Hex, owner: Hex) => reader(chainId).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

const relay = useStandin(
  () => startRelayStandin({ rpcUrls: { [A]: anvilA().rpcUrl, [B]: anvilB().rpcUrl, [C]: anvilC().rpcUrl }, erc20: { mint: (chainId, token, to, amount) => mint(chainId, token, to, amount) } }),
  (standin) => standin.close(),
)
const e2e = useStack(() => ({
  FOYER_DEV_APP: JSON.stringify({
    'embedded-wallet': { create_on_login: 'users-without-wallets' },
    funding: { methods: ['external', 'manual'], default_recommended_amount: '0.05', default_recommended_currency: { chain: `eip155:${A}` }, cross_chain_bridging_enabled: true },
  }),
}))

const balanceOn = async (rpc: (m: string, p: unknown[]) => Promise<string>, address: string) => BigInt(await rpc('eth_getBalance', [address, 'latest']))
const balanceA = (address: string) => balanceOn((m, p) => anvilA().rpc<string>(m, p), address)

/** 'Fund wallet' → 'Transfer from wallet' → the test wallet on the list. */
async function transferFromTestWallet(page: Page, button = 'Fund wallet') {
  const dialog = page.getByRole('dialog')
  await page.getByRole('button', { name: button, exact: true }).click()
  const row = dialog.getByTestId('foyer-funding-method-external')
  await expect.poll(() => row.isEnabled(), { timeout: 15_000 }).toBe(true)
  await row.click()
  await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /Foyer Test Wallet/ }).click({ timeout: 15_000 })
  return dialog
}

describe('Transfer from wallet in Chromium (an injected wallet on anvil; a bridge through the Relay stand-in)', () => {
  it('refuses a wallet without funds, transfers directly once funded, then bridges from another chain; USDC directly and bridged', async () => {
    const { context, page } = await e2e.newPage()
    const lines: string[] = []
    page.on('pageerror', (e) => lines.push(`pageerror: ${e.message}`.slice(0, 300)))
    try {
      // The wallet knows only chain A: the bridge adds B (4902 → wallet_addEthereumChain).
      const wallet = await installInjectedTestWallet(page, { privateKeys: [generatePrivateKey()], chains: [{ chainId: A, rpcUrl: anvilA().rpcUrl }] })
      const chains = encodeURIComponent(`${A}:${anvilA().rpcUrl},${B}:${anvilB().rpcUrl},${C}:${anvilC().rpcUrl}`)
      const [usdcA, usdcB] = await Promise.all([deployToken(A), deployToken(B)])
      const usdc = encodeURIComponent(`${A}:${usdcA},${B}:${usdcB}`)
      await signUpByEmail(page, e2e.stack, 'external.funder@example.com', `/?chains=${chains}&relay=${encodeURIComponent(relay().url)}&usdc=${usdc}`)
      const dialog = page.getByRole('dialog')
      await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
      await dialog.waitFor({ state: 'detached', timeout: 10_000 })
      const address = (await page.getByTestId('embedded-wallet').first().locator('code').textContent()) as Hex

      // No funds on any chain. 'More wallets' opens the kernel's wallet list; the wallet connected there comes back to
      // the transfer's list, and choosing it shows the spec's text on the selection (no quote asked).
      await page.getByRole('button', { name: 'Fund wallet' }).click()
      await dialog.getByTestId('foyer-funding-method-external').click({ timeout: 15_000 })
      await dialog.getByRole('heading', { name: 'Transfer from wallet' }).waitFor()
      await docsShot(dialog, 'funding-external-transfer')
      await dialog.getByRole('button', { name: 'More wallets' }).click()
      await dialog.getByRole('button', { name: /Foyer Test Wallet/ }).click({ timeout: 15_000 })
      const connectedRow = dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: new RegExp(`Foyer Test Wallet ${wallet.address.slice(0, 6)}`, 'i') })
      await connectedRow.click({ timeout: 15_000 })
      await dialog.getByText(new RegExp(`Wallet ${wallet.address} does not have enough funds\\.`, 'i')).waitFor({ timeout: 20_000 })
      await dialog.getByText(/Add funds to your/).waitFor()
      expect(relay().quotes).toEqual([])

      // Funded on A: a direct transfer of 0.05 ETH, confirmed by its receipt.
      await anvilA().setBalance(wallet.address, parseEther('1'))
      let before = await balanceA(address)
      // Refused in the wallet first: back on the selection with the spec's text.
      wallet.rejectNext('eth_sendTransaction')
      await dialog.getByTestId('foyer-funding-method-external').click()
      await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /Foyer Test Wallet/ }).click({ timeout: 15_000 })
      await dialog.getByText('Transaction was rejected by the user').waitFor({ timeout: 20_000 })
      await dialog.getByTestId('foyer-funding-method-external').click()
      await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /Foyer Test Wallet/ }).click({ timeout: 15_000 })
      await dialog.getByText("You've funded your account!").waitFor({ timeout: 20_000 })
      await dialog.getByText('It may take a few minutes for the assets to appear.').waitFor()
      expect((await balanceA(address)) - before).toBe(parseEther('0.05'))
      const sent = wallet.requests.filter((r) => r.method === 'eth_sendTransaction')
      expect(sent).toHaveLength(2) // the refused one, then this one
      expect((sent[1]!.params as [{ to: string; value: string }])[0]).toMatchObject({ to: address, value: `0x${parseEther('0.05').toString(16)}` })
      await dialog.getByTestId('foyer-funding-close').click()
      await dialog.waitFor({ state: 'detached', timeout: 10_000 })

      // Nothing on A, 1 ETH on B: a Relay quote (EXACT_OUTPUT) paid on B; the stand-in's solver delivers on A. A relay
      // error first: its message on the selection.
      await anvilA().setBalance(wallet.address, 0n)
      await anvilB().setBalance(wallet.address, parseEther('1'))
      relay().failNext('Solver capacity exceeded')
      await transferFromTestWallet(page)
      await dialog.getByText('Solver capacity exceeded').waitFor({ timeout: 20_000 })
      relay().quotes.length = 0
      before = await balanceA(address)
      await dialog.getByTestId('foyer-funding-method-external').click()
      await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /Foyer Test Wallet/ }).click({ timeout: 15_000 })
      await dialog.getByText("You've funded your account!").waitFor({ timeout: 25_000 })
      expect(relay().quotes.map((q) => q.path)).toEqual(['/quote'])
      expect(relay().quotes[0]!.body).toEqual({
        user: wallet.address,
        recipient: address,
        originChainId: B,
        destinationChainId: A,
        originCurrency: '0x0000000000000000000000000000000000000000',
        destinationCurrency: '0x0000000000000000000000000000000000000000',
        amount: parseEther('0.05').toString(),
        tradeType: 'EXACT_OUTPUT',
      })
      expect(wallet.knownChains()).toContain(B)
      expect(wallet.requests.map((r) => r.method)).toContain('wallet_addEthereumChain')
      await expect.poll(() => balanceA(address), { timeout: 10_000 }).toBe(before + parseEther('0.05'))
      expect(await balanceOn((m, p) => anvilB().rpc<string>(m, p), relay().solver)).toBe(parseEther('0.05') + relay().fee)

      // Funds on B and C: 'Transfer from another network' offers both; Back returns to the selection; C is chosen.
      await dialog.getByTestId('foyer-funding-close').click()
      await dialog.waitFor({ state: 'detached', timeout: 10_000 })
      await anvilC().setBalance(wallet.address, parseEther('1'))
      before = await balanceA(address)
      await transferFromTestWallet(page)
      await dialog.getByRole('heading', { name: 'Transfer from another network' }).waitFor({ timeout: 20_000 })
      await dialog.getByTestId(`foyer-external-bridge-${B}`).waitFor()
      await dialog.getByRole('button', { name: 'Back', exact: true }).last().click()
      await dialog.getByText(/Add funds to your/).waitFor()
      await dialog.getByTestId('foyer-funding-method-external').click()
      await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /Foyer Test Wallet/ }).click({ timeout: 15_000 })
      await dialog.getByTestId(`foyer-external-bridge-${C}`).click({ timeout: 20_000 })
      await dialog.getByText("You've funded your account!").waitFor({ timeout: 25_000 })
      await expect.poll(() => balanceA(address), { timeout: 10_000 }).toBe(before + parseEther('0.05'))
      expect(relay().deliveries.map((d) => d.chainId)).toEqual([A, A])
      await dialog.getByTestId('foyer-funding-close').click()
      await dialog.waitFor({ state: 'detached', timeout: 10_000 })

      // USDC (5): a transfer(address,uint256) on A's token from the wallet's 5 USDC there.
      const five = 5_000_000n
      await anvilA().setBalance(wallet.address, parseEther('1'))
      await mint(A, usdcA, wallet.address, five)
      await transferFromTestWallet(page, 'Fund with USDC')
      await dialog.getByText("You've funded your account!").waitFor({ timeout: 20_000 })
      expect(await tokenBalance(A, usdcA, address)).toBe(five)
      await dialog.getByTestId('foyer-funding-close').click()
      await dialog.waitFor({ state: 'detached', timeout: 10_000 })

      // None left on A, 10 on B: a Relay quote USDC → USDC (B's token in, A's out), a token transfer paid on B; the
      // solver mints the 5 on A.
      relay().quotes.length = 0
      await mint(B, usdcB, wallet.address, 2n * five)
      await transferFromTestWallet(page, 'Fund with USDC')
      await dialog.getByText("You've funded your account!").waitFor({ timeout: 25_000 })
      expect(relay().quotes.map((q) => q.body)).toEqual([expect.objectContaining({ originChainId: B, destinationChainId: A, originCurrency: usdcB, destinationCurrency: usdcA, amount: five.toString() })])
      expect(await tokenBalance(B, usdcB, relay().solver)).toBe(five + relay().erc20Fee)
      await expect.poll(() => tokenBalance(A, usdcA, address), { timeout: 10_000 }).toBe(2n * five)
    } catch (error) {
      const dialog = page.getByRole('dialog')
      console.log('[fundingExternal e2e] dialog at failure:', (await dialog.count()) ? await dialog.textContent() : '(none)', '\n', lines.join('\n'), '\n', e2e.stack.log().slice(-3000))
      throw error
    } finally {
      await context.close()
    }
  })
})
