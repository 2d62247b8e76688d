import { describe, expect, it, vi } from 'vitest'
import type { Foyer, FundingRequest } from '../../core/client/types.js'
import { fundingCoinbase } from './index.js'
import { coinbaseFailureText, coinbasePayUrl, coinbaseErrors, runCoinbaseOnramp, supportsCoinbase } from './onrampFlow.js'

const address = `0x${'ab'.repeat(20)}`
const request = (over: Partial<FundingRequest> = {}): FundingRequest => ({ chainType: 'ethereum', address, amount: '0.05', chainId: 8453, asset: 'native-currency', ...over })

describe('supports()', () => {
  it("offers Coinbase's chains (Ethereum, Base, Optimism, Polygon, Arbitrum) for ETH, USDC or a loaded ERC-20", () => {
    for (const chainId of [1, 8453, 10, 137, 42161]) expect(supportsCoinbase(request({ chainId }))).toBe(true)
    for (const chainId of [31337, 43114, 42220, undefined]) expect(supportsCoinbase(request({ chainId: chainId as number }))).toBe(false)
    expect(supportsCoinbase(request({ chainType: 'solana', chainId: undefined, cluster: 'mainnet-beta' }))).toBe(false)
    expect(supportsCoinbase(request({ asset: 'USDC' }))).toBe(true)
    expect(supportsCoinbase(request({ asset: { erc20: `0x${'11'.repeat(20)}` } }))).toBe(false)
    expect(supportsCoinbase(request({ asset: { erc20: `0x${'11'.repeat(20)}` }, erc20ContractInfo: { symbol: 'DAI', decimals: 18 } }))).toBe(true)
  })

  it("takes extra chains from the plugin's option and from the app config of the kernel asking (two kernels on a page)", () => {
    const plugin = fundingCoinbase({ chains: { 31337: 'base' } })
    const kernel = (chains: Record<string, string> | null) =>
      ({ $config: { peek: () => ({ server: chains ? { coinbase_onramp_config: { pay_url: 'http://127.0.0.1:1/buy', chains } } : {} }) } }) as unknown as Foyer
    const withOptimism = kernel({ '31338': 'optimism' })
    const plain = kernel(null)
    expect(plugin.funding.supports(request({ chainId: 31337 }), plain)).toBe(true)
    expect(plugin.funding.supports(request({ chainId: 31338 }), plain)).toBe(false)
    // Each kernel's own app config, whichever was made last.
    expect(plugin.funding.supports(request({ chainId: 31338 }), withOptimism)).toBe(true)
    expect(plugin.funding.supports(request({ chainId: 31338 }), plain)).toBe(false)
    expect(plugin.funding.supports(request({ chainId: 31338 }), withOptimism)).toBe(true)
    // USDC where Coinbase sells it, even with no USDC address known for the chain (the on-ramp buys it by name).
    expect(plugin.funding.supports(request({ chainId: 31337, asset: 'USDC', isUSDC: true }), plain)).toBe(true)
  })
})

describe('the failure text the selection shows', () => {
  it("is the flow's §8 Coinbase text, else the general Coinbase failure", async () => {
    const failed = (statuses: Array<string | Error>, init?: unknown, chainId = 31337) =>
      runCoinbaseOnramp(fakeFoyer(statuses, init).foyer, request({ chainId }), fakePopup() as unknown as Window, { ...fast, timeoutMs: 30 }).catch((e: unknown) => coinbaseFailureText(e))
    expect(await failed(['failure'])).toBe('There was an error completing Coinbase Onramp flow.')
    expect(await failed([])).toBe('Timed out waiting for transaction response from Coinbase Onramp.')
    expect(await failed([], new Error('502'))).toBe('Unable to initiate Coinbase Onramp flow.')
    expect(await failed([], undefined, 5)).toBe('Unsupported chainId 5 for Coinbase Onramp')
    expect(coinbaseFailureText(new Error('anything else'))).toBe(coinbaseErrors.failure)
  })
})

describe('the pay page URL', () => {
  it("carries the spec's parameters", () => {
    const url = new URL(coinbasePayUrl('https://pay.coinbase.com/buy/select-asset', { app_id: 'app', session_token: 'tok', partner_user_id: 'pu' }, request(), 'base'))
    expect(url.origin + url.pathname).toBe('https://pay.coinbase.com/buy/select-asset')
    expect(Object.fromEntries(url.searchParams)).toEqual({ appId: 'app', sessionToken: 'tok', defaultExperience: 'buy', presetCryptoAmount: '0.05', defaultNetwork: 'base', partnerUserId: 'pu' })
  })
})

/** A kernel whose calls answer from `answers` (init, then the statuses in order). */
function fakeFoyer(statuses: Array<string | Error>, init: unknown = { app_id: 'app', session_token: 'tok', partner_user_id: 'pu' }) {
  const calls: Array<{ name: string; input: unknown; options: unknown }> = []
  const foyer = {
    $config: { peek: () => ({ server: { coinbase_onramp_config: { pay_url: 'http://pay.test/buy/select-asset', chains: { '31337': 'base' } } } }) },
    call: vi.fn(async (name: string, input: unknown, options: unknown) => {
      calls.push({ name, input, options })
      if (name === 'funding-coinbase.init') {
        if (init instanceof Error) throw init
        return init
      }
      const next = statuses.shift() ?? 'pending'
      if (next instanceof Error) throw next
      return { status: next }
    }),
  } as unknown as Foyer
  return { foyer, calls }
}
/** A popup the user closes `afterChecks` checks after it loads. */
function fakePopup(afterChecks = 1) {
  let checks = 0
  const popup = {
    location: { href: 'about:blank' },
    closedByFlow: false,
    close() {
      popup.closedByFlow = true
    },
    get closed() {
      return popup.closedByFlow || (popup.location.href !== 'about:blank' && ++checks > afterChecks)
    },
  }
  return popup
}
const fast = { startDelayMs: 0, pollMs: 5, popupCheckMs: 5, timeoutMs: 200 }

describe('runCoinbaseOnramp', () => {
  it('init for the wallet, the pay page in the popup, then pending-in-flow → pending-after-flow → success', async () => {
    const { foyer, calls } = fakeFoyer(['pending', 'pending', 'success'])
    const popup = fakePopup()
    const seen: string[] = []
    await expect(runCoinbaseOnramp(foyer, request({ chainId: 31337 }), popup as unknown as Window, { ...fast, onStatus: (s) => seen.push(s) })).resolves.toBe('success')
    expect(seen).toEqual(['pending-in-flow', 'pending-after-flow', 'success'])
    expect(calls[0]).toMatchObject({ name: 'funding-coinbase.init', input: { addresses: [{ address, blockchains: ['base'] }], assets: ['ETH'] } })
    expect(calls.slice(1).map((c) => c.options)).toEqual(Array(3).fill(expect.objectContaining({ query: { partnerUserId: 'pu' } })))
    expect(popup.location.href).toMatch(/^http:\/\/pay\.test\/buy\/select-asset\?appId=app&sessionToken=tok&/)
  })

  it('waits the start delay before loading the pay page', async () => {
    const { foyer } = fakeFoyer(['success'])
    const popup = fakePopup()
    const started = Date.now()
    await runCoinbaseOnramp(foyer, request({ chainId: 31337 }), popup as unknown as Window, { ...fast, startDelayMs: 120 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(115)
  })

  it("failure → 'There was an error completing…'; no answer in time → 'Timed out…'; a failed poll is retried", async () => {
    await expect(runCoinbaseOnramp(fakeFoyer([new Error('offline'), 'failure']).foyer, request({ chainId: 31337 }), fakePopup() as unknown as Window, fast)).rejects.toThrow(coinbaseErrors.completing)
    await expect(runCoinbaseOnramp(fakeFoyer([]).foyer, request({ chainId: 31337 }), fakePopup() as unknown as Window, { ...fast, timeoutMs: 30 })).rejects.toThrow(coinbaseErrors.timeout)
  })

  it("init failing, or no popup → 'Unable to initiate…' (the popup closed); an unsupported chain says so", async () => {
    const popup = fakePopup()
    await expect(runCoinbaseOnramp(fakeFoyer([], new Error('502')).foyer, request({ chainId: 31337 }), popup as unknown as Window, fast)).rejects.toThrow(coinbaseErrors.initiate)
    expect(popup.closedByFlow).toBe(true)
    await expect(runCoinbaseOnramp(fakeFoyer([]).foyer, request({ chainId: 31337 }), null, fast)).rejects.toThrow(coinbaseErrors.initiate)
    await expect(runCoinbaseOnramp(fakeFoyer([]).foyer, request({ chainId: 5 }), fakePopup() as unknown as Window, fast)).rejects.toThrow('Unsupported chainId 5 for Coinbase Onramp')
  })

  it('stops when aborted (the modal closed)', async () => {
    const { foyer } = fakeFoyer([])
    const abort = new AbortController()
    const run = runCoinbaseOnramp(foyer, request({ chainId: 31337 }), fakePopup(1000) as unknown as Window, { ...fast, signal: abort.signal })
    setTimeout(() => abort.abort(), 30)
    await expect(run).rejects.toMatchObject({ name: 'AbortError' })
  })
})
