// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { FakeEip1193Wallet } from '../../test/standins/fakeEip1193Wallet.js'
import { funding } from '../funding/index.js'
import { injected } from '../injected/index.js'
import { fundingExternal } from './index.js'

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const chain = (id: number, name: string) => ({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [`http://rpc${id}.test`] } } })
const chains = [chain(8453, 'Base'), chain(10, 'OP Mainnet'), chain(42161, 'Arbitrum One')]

/** Native balances by chain id (the RPC stand-in's answers), and the relay's answer per origin chain. */
let balances: Record<number, bigint> = {}
let relay: (body: any) => { status: number; body: unknown } = () => ({ status: 500, body: {} })
const quotes: any[] = []

beforeEach(() => {
  balances = {}
  quotes.length = 0
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    const body = JSON.parse(String(init?.body ?? '{}'))
    if (url.startsWith('https://relay.test')) {
      quotes.push({ url, body })
      const answer = relay(body)
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })
    }
    const chainId = Number(/rpc(\d+)\.test/.exec(url)?.[1])
    const result = body.method === 'eth_getBalance' ? `0x${(balances[chainId] ?? 0n).toString(16)}` : body.method === 'eth_estimateGas' ? '0x5208' : body.method === 'eth_gasPrice' ? '0x1' : null
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }), { headers: { 'content-type': 'application/json' } })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

async function start() {
  const wallet = new FakeEip1193Wallet({ chainId: 8453 })
  const detail = Object.freeze({ info: { uuid: 'uuid-fake', name: 'Fake Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'dev.fake' }, provider: wallet })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  const { foyer } = await renderWithFoyer(<div />, {
    plugins: [injected(), funding(), fundingExternal({ relayUrl: 'https://relay.test' })],
    config: { supportedChains: chains, defaultChain: chains[0] },
    appConfig: {
      funding_config: { methods: ['external', 'manual'], default_recommended_amount: '0.05', default_recommended_currency: { chain: 'eip155:8453' }, prompt_funding_on_wallet_creation: false, cross_chain_bridging_enabled: true },
    },
  })
  announce()
  const fund = foyer.actions().fundWallet as (...args: unknown[]) => Promise<unknown>
  act(() => void fund({ address: RECIPIENT, options: { chain: 'eip155:8453', amount: '0.05', defaultFundingMethod: 'external' } }).catch(() => undefined))
  await screen.findByRole('heading', { name: 'Transfer from wallet' })
  return { foyer, wallet, cleanupWallet: () => window.removeEventListener('eip6963:requestProvider', announce) }
}

const quoteAnswer = (body: any) => ({
  status: 200,
  body: { steps: [{ items: [{ data: { from: body.user, to: '0x000000000000000000000000000000000000dEaD', value: String(BigInt(body.amount) + 1000n), chainId: body.originChainId, data: '0x' } }] }] },
})

describe("the transfer screen ('funding-external/transfer')", () => {
  it('lists the detected wallet with More wallets; a wallet without funds anywhere goes back with the spec text, no quote asked', async () => {
    const { foyer, wallet, cleanupWallet } = await start()
    expect(screen.getByRole('button', { name: 'More wallets' })).toBeTruthy()
    // The amount with its unit, and real icons: no row falls back to a letter tile.
    expect(screen.getByText('Choose the wallet to send 0.05 ETH from.')).toBeTruthy()
    expect(document.querySelector('[data-placeholder]')).toBeNull()
    fireEvent.click(await screen.findByRole('button', { name: /Fake Wallet/ }))
    await screen.findByText(`Wallet ${wallet.address} does not have enough funds.`, undefined, { timeout: 5000 })
    await screen.findByText(/Add funds to your Base wallet/)
    expect(screen.getByTestId('foyer-funding-method-manual').querySelector('svg')).toBeTruthy()
    expect(document.querySelector('[data-placeholder]')).toBeNull()
    expect(quotes).toEqual([])
    // The request names the wallet the user paid from (spec §3 connectedWalletAddress).
    expect(foyer.$modal.peek().stack.at(-1)?.params).toMatchObject({ connectedWalletAddress: wallet.address })
    cleanupWallet()
  })

  it("several networks can pay: 'Transfer from another network' lists them, Back returns to the selection", async () => {
    const { cleanupWallet } = await start()
    balances = { 10: 10n ** 18n, 42161: 10n ** 18n }
    relay = quoteAnswer
    fireEvent.click(await screen.findByRole('button', { name: /Fake Wallet/ }))
    await screen.findByRole('heading', { name: 'Transfer from another network' }, { timeout: 5000 })
    expect(screen.getByTestId('foyer-external-bridge-10').textContent).toContain('OP Mainnet')
    expect(screen.getByTestId('foyer-external-bridge-42161').textContent).toContain('Arbitrum One')
    expect(quotes.map((q) => [q.url, q.body.originChainId, q.body.destinationChainId, q.body.tradeType, q.body.amount]).sort()).toEqual([
      ['https://relay.test/quote', 10, 8453, 'EXACT_OUTPUT', '50000000000000000'],
      ['https://relay.test/quote', 42161, 8453, 'EXACT_OUTPUT', '50000000000000000'],
    ])
    fireEvent.click(screen.getByTestId('foyer-external-bridge-back'))
    await screen.findByText(/Add funds to your Base wallet/)
    cleanupWallet()
  })

  it("a relay error is shown on the selection ('Invalid address' only drops that network)", async () => {
    const { cleanupWallet } = await start()
    balances = { 10: 10n ** 18n, 42161: 10n ** 18n }
    relay = (body) => (body.originChainId === 10 ? { status: 400, body: { message: 'Invalid address' } } : { status: 400, body: { message: 'Amount is too low' } })
    fireEvent.click(await screen.findByRole('button', { name: /Fake Wallet/ }))
    await screen.findByText('Amount is too low', undefined, { timeout: 5000 })
    await waitFor(() => expect(quotes).toHaveLength(2))
    cleanupWallet()
  })
})
