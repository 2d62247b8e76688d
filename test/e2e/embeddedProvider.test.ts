import type { Page } from 'playwright-core'
import { keccak256, parseTransaction, recoverTransactionAddress, verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { PROVIDER_DEMO_MESSAGE } from '../../examples/react-app/src/EmbeddedProviderDemo.js'
import { WAGMI_DEMO_MESSAGE } from '../../examples/react-app/src/WagmiCard.js'
import { deployTestUsdc, mintTestUsdc } from '../../examples/local-stack/testUsdc.js'
import { startAnvil } from '../standins/anvil.js'
import { enterOutboxCode, requestEmailCode } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'

const anvil = useStandin(() => startAnvil({ chainId: 31337 }), (node) => node.stop())
// A chain the app doesn't configure, for wallet_addEthereumChain (anvil starts in well under a second).
const unconfigured = useStandin(() => startAnvil({ chainId: 31338 }), (node) => node.stop())
const e2e = useStack({ FOYER_DEV_APP: JSON.stringify({ 'embedded-wallet': { create_on_login: 'users-without-wallets' } }) })

/** Signs a new user up by e-mail on the example app with anvil as its chain (`query`: more of the URL); waits until the wallet is made. */
async function signUp(page: Page, email: string, query = ''): Promise<`0x${string}`> {
  await page.goto(`${e2e.stack.appUrl}/?chains=${encodeURIComponent(`31337:${anvil().rpcUrl}`)}${query}`)
  await requestEmailCode(page, email)
  await enterOutboxCode(page, e2e.stack.apiUrl, email)
  const dialog = page.getByRole('dialog')
  await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
  await dialog.waitFor({ state: 'detached', timeout: 10_000 })
  await page.getByTestId('signed-in').waitFor()
  return (await page.getByTestId('embedded-wallet').first().locator('code').textContent()) as `0x${string}`
}

/** Clicks `button` of the provider demo and answers the result line once it has one. */
async function demo(page: Page, button: string, approve?: { title: string; button: string; then?: string }): Promise<string> {
  const result = page.getByTestId('provider-result')
  const before = (await result.count()) ? await result.textContent() : null
  await page.getByTestId('embedded-provider').getByRole('button', { name: button }).click()
  if (approve) {
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: approve.title }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: approve.button }).click()
    if (approve.then) await dialog.getByRole('button', { name: approve.then }).click({ timeout: 20_000 })
    await dialog.waitFor({ state: 'detached', timeout: 20_000 })
  }
  await expect.poll(async () => ((await result.count()) ? await result.textContent() : null), { timeout: 30_000 }).not.toBe(before)
  return (await result.textContent())!
}

/** A request a dapp sends through the provider EIP-6963 announces: its result, or its error's code and message. */
function dappRequest(page: Page, method: string, params?: unknown) {
  return page.evaluate(
    async ({ method, params }) => {
      const found: Array<{ info: { rdns: string }; provider: { request(a: { method: string; params?: unknown }): Promise<unknown> } }> = []
      const take = (e: Event) => found.push((e as CustomEvent).detail)
      window.addEventListener('eip6963:announceProvider', take)
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      window.removeEventListener('eip6963:announceProvider', take)
      try {
        return { result: await found.find((d) => d.info.rdns === 'dev.foyer.wallet')!.provider.request({ method, params }) }
      } catch (error) {
        return { code: (error as { code: number }).code, message: (error as Error).message }
      }
    },
    { method, params },
  )
}

describe('the embedded wallet as an EIP-1193 provider in Chromium (real server, wallet frame, anvil)', () => {
  it('is first in useWallets; viem over getEthereumProvider() reads the chain, signs (verified), sends a transaction and signs one (eth_signTransaction)', async () => {
    const { context, page } = await e2e.newPage()
    const address = await signUp(page, 'provider.user@example.com')
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // useWallets() lists it first, with the app's default chain.
    const demoLine = page.getByTestId('embedded-provider')
    await demoLine.waitFor({ timeout: 20_000 })
    expect(await demoLine.locator('p').first().textContent()).toContain('useWallets()[0]')
    expect(await page.getByTestId('provider-wallet').textContent()).toBe(address)
    expect(await page.getByTestId('provider-chain').textContent()).toBe('eip155:31337')

    expect(await demo(page, 'Read eth_chainId')).toBe('eth_chainId: 0x7a69')

    // personal_sign through viem's custom() transport shows the sign screen (wallet UIs are on in the example).
    const signed = await demo(page, 'Sign with the provider', { title: 'Sign message', button: 'Sign and continue' })
    const signature = signed.replace('Signature: ', '') as `0x${string}`
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await verifyMessage({ address, message: PROVIDER_DEMO_MESSAGE, signature })).toBe(true)

    // eth_sendTransaction: filled from anvil, confirmed on the screen, signed in the frame, sent as a raw transaction.
    await anvil().setBalance(address, 10n ** 18n)
    const sent = await demo(page, 'Send 1000 wei to myself', { title: 'Confirm transaction', button: 'Approve', then: 'All Done' })
    const hash = sent.replace('Transaction: ', '')
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await anvil().rpc<{ status: string; from: string; to: string }>('eth_getTransactionReceipt', [hash])
    expect(receipt).toMatchObject({ status: '0x1', from: address.toLowerCase(), to: address.toLowerCase() })

    // eth_signTransaction (viem's signTransaction over custom()): the confirmation titled 'Sign transaction' (wallet
    // UIs on); Approve answers the signed bytes — filled from anvil, recovering to the wallet — and sends nothing.
    const signedTx = (await demo(page, 'Sign a transaction with the provider', { title: 'Sign transaction', button: 'Approve' })).replace('Signed: ', '') as `0x${string}`
    expect(await recoverTransactionAddress({ serializedTransaction: signedTx as never })).toBe(address)
    const nextNonce = Number(await anvil().rpc<string>('eth_getTransactionCount', [address, 'latest']))
    expect(parseTransaction(signedTx)).toMatchObject({ to: address.toLowerCase(), value: 1000n, chainId: 31337, nonce: nextNonce })
    expect(await anvil().rpc('eth_getTransactionByHash', [keccak256(signedTx)])).toBeNull()

    // After a reload (the session restored, the config loading alongside) it is back, first, on the config's chain.
    await page.reload()
    await page.getByTestId('signed-in').waitFor()
    await page.getByTestId('embedded-provider').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('provider-wallet').textContent()).toBe(address)
    expect(await page.getByTestId('provider-chain').textContent()).toBe('eip155:31337')
    expect(await page.getByTestId('embedded-provider').locator('p').first().textContent()).toContain('useWallets()[0]')
    await context.close()
  })

  it("is announced by EIP-6963 as 'Foyer Wallet' (dev.foyer.wallet), never offered on the wallet list; wallet_watchAsset shows 'Add suggested token' (the token then listed with its balance), wallet_addEthereumChain 'Add network' (Cancel is 4001; approved, the wallet is on the new chain and switches to and fro)", async () => {
    const { context, page } = await e2e.newPage()
    const token = await deployTestUsdc(anvil().rpcUrl)
    const address = await signUp(page, 'provider.dapp@example.com', `&usdc=${encodeURIComponent(`31337:${token}`)}`)

    // What a dapp (wagmi's mipd store) sees: the announcement, and accounts through the announced provider.
    const seen = await page.evaluate(async () => {
      const found: Array<{ info: { name: string; rdns: string; uuid: string; icon: string }; provider: { request(a: { method: string }): Promise<unknown> } }> = []
      window.addEventListener('eip6963:announceProvider', (e) => found.push((e as CustomEvent).detail))
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      const mine = found.find((d) => d.info.rdns === 'dev.foyer.wallet')
      return mine ? { info: mine.info, accounts: await mine.provider.request({ method: 'eth_accounts' }), chainId: await mine.provider.request({ method: 'eth_chainId' }) } : null
    })
    expect(seen).toMatchObject({ info: { name: 'Foyer Wallet', rdns: 'dev.foyer.wallet' }, accounts: [address.toLowerCase()], chainId: '0x7a69' })
    expect(seen!.info.icon).toMatch(/^data:image\/svg\+xml,/)

    await mintTestUsdc(anvil().rpcUrl, token, address, 5n * 10n ** 18n)

    // viem's watchAsset over useWallets()' provider: the contract's details and the balance, then 'Add token'.
    await page.getByTestId('embedded-provider').getByRole('button', { name: 'Watch test USDC' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Add suggested token' }).waitFor({ timeout: 20_000 })
    expect(await dialog.getByTestId('foyer-watch-asset-name').textContent()).toBe('NameTest USDC')
    expect(await dialog.getByTestId('foyer-watch-asset-address').textContent()).toBe(`Contract${token}`)
    expect(await dialog.getByTestId('foyer-watch-asset-balance').textContent()).toBe('Balance5 USDC')
    await dialog.getByRole('button', { name: 'Add token' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await expect.poll(() => page.getByTestId('provider-result').textContent(), { timeout: 10_000 }).toBe('Watched: true')
    // The wallet's tokens list it, with the balance read through the provider.
    await expect.poll(() => page.getByTestId('watched-token').textContent(), { timeout: 10_000 }).toBe('USDC: 5 (Test USDC)')

    // What a dapp sends through the EIP-6963 provider.
    const dapp = (method: string, params?: unknown) => dappRequest(page, method, params)
    const chain = { chainId: '0x7a6a', chainName: 'Second anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: [unconfigured().rpcUrl] }
    expect(await dapp('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toMatchObject({ code: 4902 })
    const refused = dapp('wallet_addEthereumChain', [chain])
    await dialog.getByRole('heading', { name: 'Add network' }).waitFor({ timeout: 20_000 })
    expect(await dialog.getByTestId('foyer-add-chain-rpc').textContent()).toBe(`RPC URL${unconfigured().rpcUrl}`)
    expect(await dialog.getByTestId('foyer-add-chain-warning').textContent()).toMatch(/^Networks added by apps can be malicious/)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(await refused).toEqual({ code: 4001, message: 'The user rejected the request.' })
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })

    const added = dapp('wallet_addEthereumChain', [chain])
    await dialog.getByRole('heading', { name: 'Add network' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Approve' }).click()
    expect(await added).toEqual({ result: null })
    expect(await dapp('eth_chainId')).toEqual({ result: '0x7a6a' })
    await unconfigured().setBalance(address, 3n)
    expect(await dapp('eth_getBalance', [address, 'latest'])).toEqual({ result: '0x3' })
    expect(await dapp('wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).toEqual({ result: null })
    expect(await dapp('eth_chainId')).toEqual({ result: '0x7a69' })
    expect(await dapp('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({ result: null })
    expect(await dapp('eth_chainId')).toEqual({ result: '0x7a6a' })

    // 'Connect wallet' lists the page's wallets to connect: the embedded one is not among them.
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await dialog.getByRole('list', { name: 'Wallets' }).waitFor({ timeout: 30_000 })
    expect(await dialog.getByText('Foyer Wallet').count()).toBe(0)
    await context.close()
  })

  it("drives wagmi through the foyer() connector: connected by the login, signs (verified), still connected after a reload without a click; after wagmi's disconnect a reload stays disconnected, a click or the next login connects it", async () => {
    const { context, page } = await e2e.newPage()
    try {
      const email = 'wagmi.user@example.com'
      const address = await signUp(page, email)
      const card = page.getByTestId('wagmi')
      const status = card.getByTestId('wagmi-status')
      // The login connected wagmi (the provider's 'connect'), as Privy's wagmi integration does.
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe(`Connected: ${address}`)
      await card.getByRole('button', { name: 'Sign with wagmi' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Sign and continue' }).click()
      const result = card.getByTestId('wagmi-result')
      await expect.poll(() => result.textContent(), { timeout: 20_000 }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
      const signature = (await result.textContent())!.replace('Signature: ', '') as `0x${string}`
      expect(await verifyMessage({ address, message: WAGMI_DEMO_MESSAGE, signature })).toBe(true)

      // wagmi reconnects when the page loads, before Foyer restored its session: the connector waits for it.
      await page.reload()
      await expect.poll(() => page.getByTestId('wagmi-status').textContent(), { timeout: 30_000 }).toBe(`Connected: ${address}`)

      await page.getByTestId('wagmi').getByRole('button', { name: 'Disconnect wagmi' }).click()
      await expect.poll(() => page.getByTestId('wagmi-status').textContent()).toBe('Status: disconnected')
      await page.reload()
      // Once wagmi's reconnect has ended (it waited for Foyer's session), still disconnected.
      await page.locator('[data-testid="wagmi"][data-reconnected="true"]').waitFor({ timeout: 30_000 })
      await page.getByTestId('embedded-wallet').first().waitFor()
      expect(await page.getByTestId('wagmi-status').textContent()).toBe('Status: disconnected')
      // A click connects it.
      await page.getByTestId('wagmi').getByRole('button', { name: 'Connect with wagmi' }).click()
      await expect.poll(() => page.getByTestId('wagmi-status').textContent(), { timeout: 20_000 }).toBe(`Connected: ${address}`)

      // Logging out disconnects wagmi; disconnected by wagmi again, the next login connects it all the same.
      await page.getByTestId('wagmi').getByRole('button', { name: 'Disconnect wagmi' }).click()
      await expect.poll(() => page.getByTestId('wagmi-status').textContent()).toBe('Status: disconnected')
      await page.getByRole('button', { name: 'Log out' }).click()
      await page.getByRole('button', { name: 'Log in' }).waitFor()
      await requestEmailCode(page, email)
      await enterOutboxCode(page, e2e.stack.apiUrl, email)
      await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
      await expect.poll(() => page.getByTestId('wagmi-status').textContent(), { timeout: 30_000 }).toBe(`Connected: ${address}`)
    } finally {
      await context.close()
    }
  })
})
