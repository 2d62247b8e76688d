import { readFileSync } from 'node:fs'
import { verifyMessage } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFoyer } from '../../core/client/createFoyer.js'
import { createMemoryStorage } from '../../core/client/storage.js'
import type { Foyer, FoyerClientConfig } from '../../core/client/types.js'
import type { SupportedChain } from '../../core/client/wallets/createWallets.js'
import { handlerFetch, KIT_API_URL, KIT_APP_ID, testAppConfig } from '../../test/kit/renderWithFoyer.js'
import { FakeEip1193Wallet } from '../../test/standins/fakeEip1193Wallet.js'
import { coinbaseWallet, COINBASE_SMART_WALLET_CHAIN_IDS, type CoinbaseProviderParameters } from './index.js'

const chain = (id: number, name: string): SupportedChain => ({
  id,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`https://rpc.example/${id}`] } },
})
const base = chain(8453, 'Base')
const anvil = chain(31337, 'Anvil')

let foyer: Foyer | null = null
afterEach(() => foyer?.destroy())

async function setup(options: { config?: FoyerClientConfig; wallet?: FakeEip1193Wallet; preference?: 'all' | 'smartWalletOnly' | 'eoaOnly' } = {}) {
  const wallet = options.wallet ?? new FakeEip1193Wallet()
  const created: CoinbaseProviderParameters[] = []
  const createProvider = vi.fn(async (parameters: CoinbaseProviderParameters) => {
    created.push(parameters)
    return wallet
  })
  foyer = createFoyer({
    appId: KIT_APP_ID,
    apiUrl: KIT_API_URL,
    plugins: [coinbaseWallet({ createProvider, ...(options.preference ? { preference: options.preference } : {}) })],
    config: options.config ?? {},
    fetch: handlerFetch({}, testAppConfig({ name: 'Coinbase Test App', logo_url: 'https://app.example/logo.png' })).fetch,
    storage: createMemoryStorage(),
  })
  await foyer.init()
  return { foyer, wallet, createProvider, created }
}

describe('the Coinbase Wallet connector', () => {
  it('is listed as coinbase_wallet and creates no provider (no SDK) until it is used', async () => {
    const { foyer, createProvider } = await setup()
    const [connector, ...rest] = foyer.wallets.$connectors.value
    expect(rest).toHaveLength(0)
    expect(connector).toMatchObject({ id: 'coinbase_wallet', chain: 'ethereum', connectorType: 'coinbase_wallet', walletClientType: 'coinbase_wallet', name: 'Coinbase Wallet', installed: true })
    expect(createProvider).not.toHaveBeenCalled()
  })

  it("connects through the provider with the app's name, logo and chains, and answers address and chain", async () => {
    const { foyer, wallet, created } = await setup({ config: { supportedChains: [chain(1, 'Ethereum'), base] } })
    const connected = await foyer.wallets.connect('coinbase_wallet')
    expect(connected).toMatchObject({ address: wallet.address, chainId: 'eip155:1', connectorType: 'coinbase_wallet', walletClientType: 'coinbase_wallet' })
    expect(created).toEqual([{ appName: 'Coinbase Test App', appLogoUrl: 'https://app.example/logo.png', appChainIds: [1, 8453], preference: 'all' }])
    expect(foyer.wallets.$wallets.value.map((w) => w.address)).toEqual([wallet.address])
    expect(foyer.wallets.history()[0]).toMatchObject({ address: wallet.address, connectorType: 'coinbase_wallet', walletClientType: 'coinbase_wallet' })
  })

  it('switches an unsupported chain to the default chain, adding it first when the wallet answers 4902', async () => {
    const { foyer, wallet } = await setup({ config: { supportedChains: [base], defaultChain: base } })
    const connected = await foyer.wallets.connect('coinbase_wallet')
    expect(connected.chainId).toBe('eip155:8453')
    expect(wallet.calls.map((c) => c.method).filter((m) => m.startsWith('wallet_'))).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(wallet.calls.find((c) => c.method === 'wallet_addEthereumChain')?.params).toEqual([
      { chainId: '0x2105', chainName: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['https://rpc.example/8453'] },
    ])
  })

  it('signs with personal_sign (a signature viem verifies) and switches chain on request', async () => {
    const { foyer, wallet } = await setup({ wallet: new FakeEip1193Wallet({ knownChains: [1, 8453] }) })
    const connected = await foyer.wallets.connect('coinbase_wallet')
    const signature = (await connected.sign('Sign in to Foyer')) as `0x${string}`
    expect(await verifyMessage({ address: wallet.account.address, message: 'Sign in to Foyer', signature })).toBe(true)
    await connected.switchChain(8453)
    expect(foyer.wallets.$wallets.value[0]!.chainId).toBe('eip155:8453')
  })

  it('follows the wallet: chainChanged updates the chain, an empty accountsChanged clears the wallet', async () => {
    const { foyer, wallet } = await setup()
    await foyer.wallets.connect('coinbase_wallet')
    const disconnected = vi.fn()
    foyer.emitter.on('disconnected', disconnected)
    wallet.emit('chainChanged', '0xa')
    expect(foyer.wallets.$wallets.value[0]!.chainId).toBe('eip155:10')
    wallet.emit('accountsChanged', [])
    expect(foyer.wallets.$wallets.value).toEqual([])
    expect(disconnected).toHaveBeenCalledTimes(1)
  })

  it("disconnect() calls the SDK provider's disconnect and forgets the wallet", async () => {
    const { foyer, wallet } = await setup()
    const connected = await foyer.wallets.connect('coinbase_wallet')
    await connected.disconnect()
    expect(wallet.disconnected).toBe(1)
    expect(foyer.wallets.$wallets.value).toEqual([])
    await expect(connected.sign('x')).rejects.toMatchObject({ code: 'WALLET_NOT_CONNECTED' })
  })

  it('a rejected connection request is a UserRejectedRequestError and connects nothing', async () => {
    const wallet = new FakeEip1193Wallet()
    wallet.nextAnswer = 'reject'
    const { foyer } = await setup({ wallet })
    await expect(foyer.wallets.connect('coinbase_wallet')).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 'USER_REJECTED_REQUEST' })
    expect(foyer.wallets.$wallets.value).toEqual([])
  })

  it("smartWalletOnly is the Coinbase Smart Wallet: coinbase_smart_wallet, on the spec's smart-wallet chains only", async () => {
    const { foyer, created } = await setup({ preference: 'smartWalletOnly', config: { supportedChains: [anvil, base, chain(1, 'Ethereum')] } })
    expect(foyer.wallets.$connectors.value[0]).toMatchObject({ id: 'coinbase_wallet', walletClientType: 'coinbase_smart_wallet', name: 'Coinbase Smart Wallet' })
    const connected = await foyer.wallets.connect('coinbase_wallet')
    expect(connected.walletClientType).toBe('coinbase_smart_wallet')
    expect(created[0]).toMatchObject({ preference: 'smartWalletOnly', appChainIds: [8453, 1] })
    expect(COINBASE_SMART_WALLET_CHAIN_IDS).toEqual([1, 11155111, 137, 10, 8453, 84532, 42161, 7777777, 43114, 56])
  })

  it('imports @coinbase/wallet-sdk only dynamically (never in the initial JS)', () => {
    for (const file of ['index.ts', 'coinbaseConnector.ts']) {
      const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')
      expect(source).not.toMatch(/^import(?!\s+type)[^\n]*['"]@coinbase\/wallet-sdk['"]/m)
    }
    expect(readFileSync(new URL('./coinbaseConnector.ts', import.meta.url), 'utf8')).toContain("await import('@coinbase/wallet-sdk')")
  })
})
