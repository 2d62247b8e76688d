import { describe, expect, it } from 'vitest'
import type { Foyer, FundingMethodSlot, FundingRequest } from '../../core/client/types.js'
import { availableFundingSlots, buildFundingRequest, firstFundingScreen, manualAvailable, fromBaseUnits, hasArrived, isValidAmount, parseCaip2, toBaseUnits, USDC_ADDRESSES, withTokenDetails, type FundingEnv } from './fundingRequest.js'
import { statusText, fundingTexts } from './fundingTexts.js'
import { publicFundingConfig } from './schema.js'
import { walletCreatedInLogin } from './promptOnCreation.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const config = publicFundingConfig({ methods: ['manual', 'moonpay'], default_recommended_amount: '0.05', default_recommended_currency: { chain: 'eip155:8453' } })
const env = (over: Partial<FundingEnv> = {}): FundingEnv => ({
  config,
  chains: [{ id: 8453, name: 'Base' }, { id: 1, name: 'Ethereum' }, { id: 31337, name: 'Anvil' }],
  ...over,
})
const error = (run: () => unknown) => {
  try {
    run()
  } catch (e) {
    return (e as Error).message
  }
  return null
}

describe('fundWallet validation', () => {
  it.each([
    ['0.05', true], ['10', true], ['.5', true], ['1.', true], ['0', false], ['0.0', false], ['', false], ['.', false],
    ['1.2.3', false], ['-1', false], ['1e3', false], ['1,5', false], [' 1', false], ['abc', false],
  ])('amount %j valid: %s', (amount, valid) => expect(isValidAmount(amount)).toBe(valid))

  it.each([
    ['eip155:1', 1], ['eip155:8453', 8453], ['eip155:31337', 31337],
  ])('CAIP-2 %s → %d', (chain, id) => expect(parseCaip2(chain)).toBe(id))

  it.each(['1', 'eip155', 'eip155:', 'eip155:0', 'eip155:0x1', 'solana:mainnet', 'EIP155:1', 'eip155:1:2'])('CAIP-2 %j is refused with the spec text', (chain) =>
    expect(error(() => parseCaip2(chain))).toBe('Chain ID not compatible with CAIP-2 format.'),
  )

  it('refuses: no funding config, no methods, a chain not configured, a bad amount, a bad address', () => {
    expect(error(() => buildFundingRequest(env({ config: null }), { address: ADDRESS }))).toBe('Wallet funding is not enabled')
    expect(error(() => buildFundingRequest(env({ config: { ...config, methods: [] } }), { address: ADDRESS }))).toBe('Funding wallet is not enabled')
    expect(error(() => buildFundingRequest(env(), { address: ADDRESS, options: { chain: 'eip155:10' } }))).toMatch(/Chain ID 10 is not supported/)
    expect(error(() => buildFundingRequest(env(), { address: ADDRESS, options: { chain: '8453' } }))).toBe('Chain ID not compatible with CAIP-2 format.')
    expect(error(() => buildFundingRequest(env(), { address: ADDRESS, options: { amount: '0' } }))).toMatch(/greater than 0/)
    expect(error(() => buildFundingRequest(env(), { address: ADDRESS, options: { amount: '1.2.3' } }))).toMatch(/one decimal point/)
    expect(error(() => buildFundingRequest(env(), { address: 'nope' }))).toBe('Invalid wallet address')
    // A host with no chains configured: mainnet only.
    expect(error(() => buildFundingRequest(env({ chains: [] }), { address: ADDRESS, options: { chain: 'eip155:8453' } }))).toMatch(/not supported/)
    expect(buildFundingRequest(env({ chains: [] }), { address: ADDRESS, options: { chain: 'eip155:1' } }).chainId).toBe(1)
  })
})

describe('the funding request', () => {
  it('defaults to the app default chain and amount, native currency; a viem Chain object is taken too', () => {
    // solanaRpcUrl: mainnet-beta's, for a bridge paid from Solana.
    expect(buildFundingRequest(env(), { address: ADDRESS })).toEqual({ chainType: 'ethereum', address: ADDRESS, amount: '0.05', chainId: 8453, asset: 'native-currency', solanaRpcUrl: 'https://api.mainnet-beta.solana.com' })
    expect(buildFundingRequest({ ...env(), solanaRpcUrls: { 'mainnet-beta': 'http://127.0.0.1:8899' } }, { address: ADDRESS }).solanaRpcUrl).toBe('http://127.0.0.1:8899')
    expect(buildFundingRequest(env(), { address: ADDRESS, options: { chain: { id: 31337 }, amount: '1' } })).toMatchObject({ chainId: 31337, amount: '1' })
    expect(buildFundingRequest(env(), { address: ADDRESS, options: { defaultFundingMethod: 'manual' } }).method).toBe('manual')
  })

  it("uiConfig: Privy's landing title and receive-funds texts when they are strings, nothing else", () => {
    const ui = (uiConfig: unknown) => buildFundingRequest(env(), { address: ADDRESS, options: { uiConfig: uiConfig as never } }).uiConfig
    expect(ui({ landing: { title: 'Top up' }, receiveFundsTitle: 'Receive ETH', receiveFundsSubtitle: '', extra: 'x' })).toEqual({
      landing: { title: 'Top up' }, receiveFundsTitle: 'Receive ETH', receiveFundsSubtitle: '',
    })
    expect(ui({ landing: 'Top up', receiveFundsTitle: 5 })).toBeUndefined()
    expect(ui(undefined)).toBeUndefined()
  })

  it('USDC: the known address of the chain with 6 decimals; anvil by config; no address known → a USDC request without one', () => {
    expect(buildFundingRequest(env(), { address: ADDRESS, options: { chain: 'eip155:8453', asset: 'USDC' } })).toMatchObject({
      erc20Address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', erc20ContractInfo: { symbol: 'USDC', decimals: 6 }, isUSDC: true, asset: 'USDC',
    })
    expect(buildFundingRequest(env(), { address: ADDRESS, options: { chain: 'eip155:1', asset: 'USDC' } }).erc20Address).toBe(USDC_ADDRESSES[1])
    for (const id of [1, 8453, 10, 42161, 137, 11155111, 84532, 11155420, 421614, 80002]) expect(USDC_ADDRESSES[id]).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // Not refused: the methods that buy USDC by its code may still fund it (see manualAvailable, supportsExternal).
    const unknown = buildFundingRequest(env(), { address: ADDRESS, options: { chain: 'eip155:31337', asset: 'USDC' } })
    expect(unknown).toMatchObject({ asset: 'USDC', isUSDC: true, erc20ContractInfo: { symbol: 'USDC', decimals: 6 } })
    expect(unknown.erc20Address).toBeUndefined()
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    expect(buildFundingRequest(env({ usdcAddresses: { 31337: token } }), { address: ADDRESS, options: { chain: 'eip155:31337', asset: 'USDC' } }).erc20Address).toBe(token)
    // USDC on every configured chain where it is known (a bridge pays from another chain).
    const byChain = buildFundingRequest(env({ usdcAddresses: { 31337: token } }), { address: ADDRESS, options: { chain: 'eip155:8453', asset: 'USDC' } }).usdcByChain
    expect(byChain).toMatchObject({ 8453: USDC_ADDRESSES[8453], 31337: token })
  })

  it('ERC-20: its details are read; a failed read is the spec error', async () => {
    const request = buildFundingRequest(env(), { address: ADDRESS, options: { asset: { erc20: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } } })
    expect(request).toMatchObject({ erc20Address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' })
    expect(request.erc20ContractInfo).toBeUndefined()
    expect((await withTokenDetails(request, async () => ({ symbol: 'TKN', decimals: 8 }))).erc20ContractInfo).toEqual({ symbol: 'TKN', decimals: 8 })
    await expect(withTokenDetails(request, async () => Promise.reject(new Error('revert')))).rejects.toThrow('Unable to fetch token details')
  })

  it('Solana addresses use a cluster (mainnet-beta by default)', () => {
    const sol = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    expect(buildFundingRequest(env(), { address: sol })).toMatchObject({ chainType: 'solana', cluster: 'mainnet-beta', asset: 'native-currency' })
    expect(buildFundingRequest(env(), { address: sol, options: { cluster: { name: 'devnet' } } }).cluster).toBe('devnet')
    expect(error(() => buildFundingRequest(env(), { address: sol, options: { cluster: { name: 'localnet' } } }))).toMatch(/Unsupported Solana cluster/)
  })

  it('amount arithmetic: base units and the arrival check', () => {
    expect(toBaseUnits('0.05', 18)).toBe(50_000_000_000_000_000n)
    expect(toBaseUnits('1.5', 6)).toBe(1_500_000n)
    expect(toBaseUnits('.5', 6)).toBe(500_000n)
    expect(fromBaseUnits(1_500_000n, 6)).toBe('1.5')
    expect(fromBaseUnits(10n ** 18n, 18)).toBe('1')
    expect(hasArrived(100n, 100n + 50_000_000_000_000_000n, '0.05', 18)).toBe(true)
    expect(hasArrived(100n, 99n + 50_000_000_000_000_000n, '0.05', 18)).toBe(false)
  })
})

describe('the method selection', () => {
  const slot = (method: string, order?: number, supports?: (r: FundingRequest, foyer: Foyer) => boolean): FundingMethodSlot => ({
    method, label: method, screen: `${method}/screen`, ...(order !== undefined ? { order } : {}), ...(supports ? { supports } : {}),
  })
  // The kernel the slots are asked in (a slot reads its app config there); these slots read only its `appId`.
  const foyer = { appId: 'app-a' } as Foyer
  const request = buildFundingRequest(env(), { address: ADDRESS })
  const slots = [slot('coinbase-onramp', 20), slot('moonpay', 10), slot('faucet', 50, (r) => r.chainId === 31337), slot('external', 30), slot('throws', 1, () => { throw new Error('x') })]

  it('keeps the configured methods a loaded slot supports, ordered; manual is the hub\'s own row', () => {
    expect(availableFundingSlots(slots, ['manual', 'external', 'moonpay', 'coinbase-onramp', 'faucet', 'throws'], request, foyer).map((s) => s.method)).toEqual(['moonpay', 'coinbase-onramp', 'external'])
    expect(availableFundingSlots(slots, ['faucet'], { ...request, chainId: 31337 }, foyer).map((s) => s.method)).toEqual(['faucet'])
    expect(availableFundingSlots(slots, ['not-loaded'], request, foyer)).toEqual([])
    // supports() gets the kernel asking.
    const perKernel = slot('per-kernel', 1, (_r, f) => f.appId === 'app-b')
    expect(availableFundingSlots([perKernel], ['per-kernel'], request, foyer)).toEqual([])
    expect(availableFundingSlots([perKernel], ['per-kernel'], request, { appId: 'app-b' } as Foyer)).toEqual([perKernel])
  })

  it('one method goes straight to it, several show the selection, none fails; the preferred method wins', () => {
    expect(firstFundingScreen(slots, ['moonpay'], request, foyer)).toBe('moonpay/screen')
    expect(firstFundingScreen(slots, ['manual'], request, foyer)).toBe('funding/manual')
    expect(firstFundingScreen(slots, ['manual', 'moonpay'], request, foyer)).toBe('funding/select')
    expect(firstFundingScreen(slots, ['moonpay', 'external'], request, foyer)).toBe('funding/select')
    expect(firstFundingScreen(slots, ['manual', 'moonpay'], { ...request, method: 'moonpay' }, foyer)).toBe('moonpay/screen')
    expect(firstFundingScreen(slots, ['manual', 'moonpay'], { ...request, method: 'manual' }, foyer)).toBe('funding/manual')
    expect(() => firstFundingScreen(slots, ['faucet'], request, foyer)).toThrow('Funding wallet is not enabled')
    expect(() => firstFundingScreen([], ['moonpay'], request, foyer)).toThrow('Funding wallet is not enabled')
  })

  it('USDC with no known address on the chain: the methods that support it are offered, manual is not; none → the spec error', () => {
    const usdc = buildFundingRequest(env(), { address: ADDRESS, options: { chain: 'eip155:31337', asset: 'USDC' } })
    expect(manualAvailable(['manual'], usdc)).toBe(false)
    expect(manualAvailable(['manual'], buildFundingRequest(env({ usdcAddresses: { 31337: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } }), { address: ADDRESS, options: { chain: 'eip155:31337', asset: 'USDC' } }))).toBe(true)
    const onRamp = slot('on-ramp', 1, (r) => r.isUSDC === true)
    const transfer = slot('external', 2, (r) => Boolean(r.erc20Address))
    expect(firstFundingScreen([onRamp, transfer], ['manual', 'on-ramp', 'external'], usdc, foyer)).toBe('on-ramp/screen')
    expect(() => firstFundingScreen([transfer], ['manual', 'external'], usdc, foyer)).toThrow('Funding wallet is not enabled')
  })
})

describe('texts and config', () => {
  it('status screens say the spec text', () => {
    const render = (status: 'success' | 'processing' | 'in-progress') => {
      const s = statusText(status, 'Moonpay')
      const fill = (key: string) => fundingTexts[key]!.replace('{provider}', s.vars.provider)
      return [fill(s.title), fill(s.body)]
    }
    expect(render('success')).toEqual(["You've funded your account!", 'It may take a few minutes for the assets to appear.'])
    expect(render('processing')).toEqual(['Processing payment', 'Moonpay may take up to a few hours. You will receive an email when the purchase is complete.'])
    expect(render('in-progress')).toEqual(['In Progress', 'Go back to Moonpay to finish funding your account.'])
    expect(fundingTexts['funding.select.title']).toBe('Add funds to your {chain} wallet')
    expect(fundingTexts['funding.select.manual']).toBe('Send funds manually')
    expect(fundingTexts['funding.manual.scan']).toBe('Scan QR code')
  })

  it('funding_config defaults', () => {
    expect(publicFundingConfig({})).toEqual({
      methods: ['manual'], default_recommended_amount: '0.01', default_recommended_currency: { chain: 'eip155:1' },
      prompt_funding_on_wallet_creation: false, cross_chain_bridging_enabled: false,
    })
  })

  it('the prompt notices an embedded Ethereum wallet gained in the login only', () => {
    const wallet = (address: string, extra: Record<string, unknown> = {}) => ({ type: 'wallet', address, walletClientType: 'privy', chainType: 'ethereum' as const, ...extra }) as never
    expect(walletCreatedInLogin([], [wallet(ADDRESS)])).toBe(ADDRESS)
    expect(walletCreatedInLogin([wallet(ADDRESS)], [wallet(ADDRESS.toLowerCase())])).toBeNull()
    expect(walletCreatedInLogin([], [wallet(ADDRESS, { walletClientType: 'metamask' })])).toBeNull()
    expect(walletCreatedInLogin([], [wallet('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', { chainType: 'solana' })])).toBeNull()
    expect(walletCreatedInLogin([], undefined)).toBeNull()
  })
})
