import { decodeFunctionData, erc20Abi, parseEther } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import type { FundingRequest } from '../../core/client/types.js'
import { fundingExternal } from './index.js'
import {
  affordableQuotes,
  externalErrors,
  failureText,
  fetchRelayQuote,
  hasEnoughFunds,
  isUserRejection,
  NATIVE_CURRENCY,
  NotEnoughFundsError,
  parseRelayQuote,
  payingWalletTypes,
  isSolanaQuote,
  prepareTransfer,
  relayQuoteRequest,
  RelayQuoteError,
  selectBridgeOption,
  supportsExternal,
  switchOrAddChain,
  transferAmount,
  type BridgeQuote,
  type EvmBridgeQuote,
} from './transfer.js'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const FROM = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const USDC = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'
const evm = (asset: FundingRequest['asset'] = 'native-currency', extra: Partial<FundingRequest> = {}): FundingRequest => ({ chainType: 'ethereum', address: TO, amount: '0.05', chainId: 84532, asset, ...extra })
const quoteOf = (chainId: number, value: bigint): BridgeQuote => ({ originChainId: chainId, transaction: { from: FROM, to: TO, value, chainId, data: '0x' } })

describe('the external-wallet funding slot', () => {
  it("is 'Transfer from wallet' for method 'external' on its transfer screen", () => {
    const plugin = fundingExternal()
    expect(plugin.kind).toBe('funding')
    expect(plugin.funding).toMatchObject({ method: 'external', label: 'fundingExternal.label', screen: 'funding-external/transfer' })
    expect(plugin.texts!['fundingExternal.label']).toBe('Transfer from wallet')
  })

  it('supports EVM native transfers and ERC-20s with a known address, SOL; not USDC where its address is unknown', () => {
    expect(supportsExternal(evm())).toBe(true)
    expect(supportsExternal(evm('USDC', { erc20Address: USDC, isUSDC: true }))).toBe(true)
    expect(supportsExternal(evm('USDC'))).toBe(false)
    expect(supportsExternal(evm({ erc20: USDC }, { erc20Address: USDC }))).toBe(true)
    expect(supportsExternal(evm('native-currency', { chainId: undefined }))).toBe(false)
    expect(supportsExternal({ chainType: 'solana', address: 'So1', amount: '1', cluster: 'mainnet-beta', asset: 'native-currency' })).toBe(true)
    expect(supportsExternal({ chainType: 'solana', address: 'So1', amount: '1', cluster: 'mainnet-beta', asset: 'USDC' })).toBe(false)
    expect(fundingExternal().funding!.supports!(evm('USDC'))).toBe(false)
  })
})

describe('preparing the transfer', () => {
  it('a native transfer: the amount as value to the funded address', () => {
    const amount = transferAmount(evm())
    expect(amount).toBe(parseEther('0.05'))
    expect(prepareTransfer(evm(), FROM, amount)).toEqual({ from: FROM, to: TO, value: `0x${parseEther('0.05').toString(16)}`, chainId: 84532 })
  })

  it('an ERC-20: transfer(address,uint256) on the token, in its decimals, no value', () => {
    const request = evm('USDC', { erc20Address: USDC, erc20ContractInfo: { symbol: 'USDC', decimals: 6 }, amount: '12.5' })
    const amount = transferAmount(request)
    expect(amount).toBe(12_500_000n)
    const tx = prepareTransfer(request, FROM, amount)
    expect(tx).toMatchObject({ from: FROM, to: USDC, value: '0x0', chainId: 84532 })
    expect(tx.data!.slice(0, 10)).toBe('0xa9059cbb')
    expect(decodeFunctionData({ abi: erc20Abi, data: tx.data! })).toEqual({ functionName: 'transfer', args: [TO, 12_500_000n] })
  })

  it('checks the balance: native needs amount + gas, a token its amount', () => {
    expect(hasEnoughFunds({ erc20: false, amount: 100n, balance: 120n, gasCost: 20n })).toBe(true)
    expect(hasEnoughFunds({ erc20: false, amount: 100n, balance: 119n, gasCost: 20n })).toBe(false)
    expect(hasEnoughFunds({ erc20: true, amount: 100n, balance: 100n, gasCost: 50n })).toBe(true)
    expect(new NotEnoughFundsError(FROM).message).toBe(`Wallet ${FROM} does not have enough funds.`)
  })
})

describe('switching the wallet to the chain', () => {
  const chain = { id: 31338, name: 'Local 31338', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } } }

  it('does nothing when the wallet is on it; switches; adds it on 4902, then switches', async () => {
    const calls: string[] = []
    const on = { request: vi.fn(async ({ method }: { method: string }) => (calls.push(method), method === 'eth_chainId' ? '0x7a6a' : null)) }
    await switchOrAddChain(on, chain)
    expect(calls).toEqual(['eth_chainId'])

    let known = false
    const provider = {
      request: vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
        if (method === 'eth_chainId') return '0x7a69'
        if (method === 'wallet_switchEthereumChain' && !known) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
        if (method === 'wallet_addEthereumChain') {
          expect(params).toEqual([{ chainId: '0x7a6a', chainName: 'Local 31338', nativeCurrency: chain.nativeCurrency, rpcUrls: ['http://127.0.0.1:8546'] }])
          known = true
        }
        return null
      }),
    }
    await switchOrAddChain(provider, chain)
    expect(provider.request.mock.calls.map(([a]) => a.method)).toEqual(['eth_chainId', 'wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain'])

    const refusing = { request: async ({ method }: { method: string }) => (method === 'eth_chainId' ? '0x1' : Promise.reject(Object.assign(new Error('no'), { code: 4001 }))) }
    await expect(switchOrAddChain(refusing, chain)).rejects.toMatchObject({ code: 4001 })
  })
})

describe('failures shown on the selection', () => {
  it("rejections are 'Transaction was rejected by the user'; relay and funds errors their text; others 'Something went wrong'", () => {
    expect(isUserRejection({ code: 4001 })).toBe(true)
    expect(isUserRejection(new Error('User rejected the request.'))).toBe(true)
    expect(isUserRejection({ cause: { code: 4001 } })).toBe(true)
    expect(failureText(Object.assign(new Error('x'), { code: 4001 }))).toBe(externalErrors.rejected)
    expect(externalErrors.rejected).toBe('Transaction was rejected by the user')
    expect(failureText(new NotEnoughFundsError(FROM))).toBe(`Wallet ${FROM} does not have enough funds.`)
    expect(failureText(new RelayQuoteError('Amount too low'))).toBe('Amount too low')
    expect(failureText(new Error('rpc exploded'))).toBe('Something went wrong')
  })
})

describe('Relay bridge quotes', () => {
  it('asks EXACT_OUTPUT with native currencies and the amount in wei', () => {
    expect(relayQuoteRequest({ user: FROM, recipient: TO, originChainId: 10, destinationChainId: 8453, amount: parseEther('0.05') })).toEqual({
      user: FROM,
      recipient: TO,
      originChainId: 10,
      destinationChainId: 8453,
      originCurrency: NATIVE_CURRENCY,
      destinationCurrency: NATIVE_CURRENCY,
      amount: '50000000000000000',
      tradeType: 'EXACT_OUTPUT',
    })
  })

  it('reads steps[0].items[0].data; tolerates Invalid address; shows the relay message or its generic error', () => {
    const ok = { steps: [{ items: [{ data: { from: FROM, to: TO, value: '50100000000000000', chainId: 10, data: '0xabcd' } }] }] }
    expect(parseRelayQuote(200, ok, 10)).toEqual({ originChainId: 10, transaction: { from: FROM, to: TO, value: 50_100_000_000_000_000n, chainId: 10, data: '0xabcd' } })
    expect((parseRelayQuote(200, { steps: [{ items: [{ data: { from: FROM, to: TO, value: '0x10', chainId: '0xa' } }] }] }, 10) as EvmBridgeQuote).transaction).toMatchObject({ value: 16n, chainId: 10, data: '0x' })
    expect(parseRelayQuote(200, { steps: [] }, 10)).toBeNull()
    expect(parseRelayQuote(200, { steps: [{ items: [{ data: { from: 'nope', to: TO, value: '1' } }] }] }, 10)).toBeNull()
    expect(parseRelayQuote(400, { message: 'Invalid address' }, 10)).toBeNull()
    expect(() => parseRelayQuote(400, { message: 'Amount is too low' }, 10)).toThrow(new RelayQuoteError('Amount is too low'))
    expect(() => parseRelayQuote(500, null, 10)).toThrow('Error fetching quote from relay')
  })

  it('reads a quote paid on Solana (instructions, lookup tables, details.currencyIn) and the amount paid on EVM', () => {
    const USER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    const DEPOSIT = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW'
    const instruction = { programId: '11111111111111111111111111111111', keys: [{ pubkey: USER, isSigner: true, isWritable: true }, { pubkey: DEPOSIT, isSigner: false, isWritable: true }], data: '02000000e803000000000000' }
    const answer = (data: unknown, amount: unknown = '1100') => ({ steps: [{ items: [{ data }] }], details: { currencyIn: { amount } } })
    const quote = parseRelayQuote(200, answer({ instructions: [instruction], addressLookupTableAddresses: [] }), 792703809)!
    expect(isSolanaQuote(quote)).toBe(true)
    expect(quote).toEqual({ originChainId: 792703809, instructions: [instruction], lookupTables: [], amountIn: 1100n })
    // Malformed: a bad key, odd hex, no amount paid → no quote.
    expect(parseRelayQuote(200, answer({ instructions: [{ ...instruction, keys: [{ pubkey: 'nope', isSigner: true, isWritable: true }] }] }), 792703809)).toBeNull()
    expect(parseRelayQuote(200, answer({ instructions: [{ ...instruction, data: 'abc' }] }), 792703809)).toBeNull()
    expect(parseRelayQuote(200, answer({ instructions: [instruction] }, null), 792703809)).toBeNull()
    expect((parseRelayQuote(200, answer({ from: FROM, to: TO, value: '0', chainId: 10, data: '0xabcd' }, '5000'), 10) as EvmBridgeQuote).amountIn).toBe(5000n)
    // Affordable: SOL paid plus the fee the caller priced.
    expect(affordableQuotes([{ quote, balance: 1100n, required: 6100n }])).toEqual([])
    expect(affordableQuotes([{ quote, balance: 6100n, required: 6100n }])).toEqual([quote])
  })

  it('lists the wallets that can pay: the request chain’s kind, and with bridging the other (EVM ↔ Solana mainnet-beta)', () => {
    const sol = { chainType: 'solana', address: 'So1', amount: '1', cluster: 'mainnet-beta', asset: 'native-currency' } as const
    expect(payingWalletTypes(evm(), false)).toEqual(['ethereum'])
    expect(payingWalletTypes(evm(), true)).toEqual(['ethereum', 'solana'])
    expect(payingWalletTypes(evm('USDC', { erc20Address: USDC, isUSDC: true }), true)).toEqual(['ethereum'])
    expect(payingWalletTypes(sol, false)).toEqual(['solana'])
    expect(payingWalletTypes(sol, true)).toEqual(['solana', 'ethereum'])
    expect(payingWalletTypes({ ...sol, cluster: 'devnet' }, true)).toEqual(['solana'])
  })

  it('posts to the configured path (/quote, or the spec’s /execute/swap); a network failure is the relay error', async () => {
    const seen: Array<{ url: string; body: unknown }> = []
    const fake = (async (url: string, init: RequestInit) => {
      seen.push({ url, body: JSON.parse(String(init.body)) })
      return new Response(JSON.stringify({ steps: [{ items: [{ data: { from: FROM, to: TO, value: '1', chainId: 10 } }] }] }), { status: 200 })
    }) as unknown as typeof fetch
    const body = relayQuoteRequest({ user: FROM, recipient: TO, originChainId: 10, destinationChainId: 8453, amount: 1n })
    await fetchRelayQuote({ relayUrl: 'https://relay.test/', quotePath: '/quote', fetch: fake }, body)
    await fetchRelayQuote({ relayUrl: 'https://relay.test', quotePath: 'execute/swap', fetch: fake }, body)
    expect(seen.map((s) => s.url)).toEqual(['https://relay.test/quote', 'https://relay.test/execute/swap'])
    expect(seen[0]!.body).toEqual(body)
    const down = (async () => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch
    await expect(fetchRelayQuote({ relayUrl: 'https://relay.test', quotePath: '/quote', fetch: down }, body)).rejects.toThrow('Error fetching quote from relay')
  })

  it('keeps the options the origin balance pays; no quote at all → the relay error or the spec’s text; selection by chain', () => {
    const quotes = affordableQuotes([
      { quote: quoteOf(10, 100n), balance: 150n, gasCost: 10n },
      { quote: quoteOf(42161, 100n), balance: 105n, gasCost: 10n },
      { quote: null, balance: 1000n },
    ])
    expect(quotes.map((q) => q.originChainId)).toEqual([10])
    expect(() => affordableQuotes([{ error: new RelayQuoteError('Solver capacity exceeded') }, { quote: null, balance: 1n }])).toThrow('Solver capacity exceeded')
    expect(() => affordableQuotes([{ quote: null, balance: 1n }])).toThrow('Unable to fetch quotes for bridging...')
    expect(selectBridgeOption([quoteOf(10, 1n), quoteOf(137, 2n)], 137).originChainId).toBe(137)
    expect(() => selectBridgeOption([quoteOf(10, 1n)], 1)).toThrow('Unable to select bridge option from quotes...')
  })
})
