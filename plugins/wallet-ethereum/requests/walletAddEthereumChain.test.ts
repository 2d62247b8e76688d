import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWalletClient, custom } from 'viem'
import { addChain, switchChain } from 'viem/actions'
import type { SupportedChain } from '../../../core/client/wallets/supportedChain.js'
import { embeddedWalletAccount, fakeWalletFrame, kitUser, startKitFoyer } from '../../../test/kit/fakeWalletFrame.js'
import { startAnvil, type Anvil } from '../../../test/standins/anvil.js'
import { assertRpcChainId, readAddChainRequest, type AddChainParams } from './addEthereumChain.js'
import type { EmbeddedEthereumProvider } from '../provider/embeddedEthereumProvider.js'
import { kitEthereumProvider } from '../../../test/kit/kitEthereumProvider.js'
import { embeddedWallet } from '../../embedded-wallet/index.js'
import { ADD_CHAIN_SCREEN } from '../index.js'
import { rpcError, thrown } from '../../../test/kit/rpcErrors.js'

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const chain = (id: number, rpcUrl = `http://127.0.0.1:1/${id}`): SupportedChain => ({ id, name: `Local ${id}`, nativeCurrency: ETHER, rpcUrls: { default: { http: [rpcUrl] } } })
const request = (overrides: Record<string, unknown> = {}) => ({
  chainId: '0x7a6a',
  chainName: 'Second local chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['https://rpc.example.test'],
  blockExplorerUrls: ['https://explorer.example.test'],
  ...overrides,
})
/** A node that answers eth_chainId with `chainId`. */
const answering = (chainId: unknown) => (async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: chainId }))) as unknown as typeof fetch
const shownScreen = (foyer: { $modal: { value: { open: boolean; stack: { id: string }[] } } }) => (foyer.$modal.value.open ? foyer.$modal.value.stack.at(-1)?.id : null)

describe('wallet_addEthereumChain: the request (EIP-3085)', () => {
  it('takes a chain as viem sends it: the first valid RPC URL (https, or http on localhost), the explorer, the currency (Ether when absent)', () => {
    expect(readAddChainRequest(request({ rpcUrls: ['ftp://bad', 'https://rpc.example.test'], iconUrls: ['https://x/i.png'] }))).toEqual({
      id: 31338,
      name: 'Second local chain',
      nativeCurrency: ETHER,
      rpcUrls: { default: { http: ['https://rpc.example.test'] } },
      blockExplorers: { default: { url: 'https://explorer.example.test' } },
    })
    expect(readAddChainRequest(request({ rpcUrls: ['http://127.0.0.1:8546'], blockExplorerUrls: undefined, nativeCurrency: undefined }))).toEqual({
      id: 31338,
      name: 'Second local chain',
      nativeCurrency: ETHER,
      rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
    })
    expect(readAddChainRequest(request({ rpcUrls: ['http://localhost:8545'], blockExplorerUrls: [] })).rpcUrls.default.http).toEqual(['http://localhost:8545'])
  })

  it('refuses what EIP-3085 and MetaMask refuse, with -32602 and a message that says what is wrong', () => {
    const cases: Array<[unknown, string]> = [
      [null, 'Invalid params: expected a single object parameter, the chain to add'],
      [request({ chainId: 31338 }), "Expected 0x-prefixed, unpadded, non-zero hexadecimal string 'chainId'. Received:\n31338"],
      [request({ chainId: '0x07a6a' }), "Expected 0x-prefixed, unpadded, non-zero hexadecimal string 'chainId'. Received:\n0x07a6a"],
      [request({ chainId: '0xffffffffffffffff' }), 'Invalid chain ID "0xffffffffffffffff": numerical value greater than max safe value.'],
      [request({ rpcUrls: [] }), "Expected an array with at least one valid string HTTPS url 'rpcUrls', Received:\n[]"],
      [request({ rpcUrls: ['http://rpc.example.test'] }), `Expected an array with at least one valid string HTTPS url 'rpcUrls', Received:\n["http://rpc.example.test"]`],
      [request({ rpcUrls: undefined }), "Expected an array with at least one valid string HTTPS url 'rpcUrls', Received:\nundefined"],
      [request({ blockExplorerUrls: ['javascript:alert(1)'] }), `Expected null or array with at least one valid string HTTPS URL 'blockExplorerUrl'. Received: ["javascript:alert(1)"]`],
      [request({ chainName: '' }), "Expected non-empty string 'chainName'. Received:\n"],
      [request({ nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 6 } }), "Expected the number 18 for 'nativeCurrency.decimals' when 'nativeCurrency' is provided. Received: 6"],
      [request({ nativeCurrency: { name: 'Ether', symbol: 'ETHEREUM', decimals: 18 } }), "Expected 1-6 character string 'nativeCurrency.symbol'. Received: ETHEREUM"],
      [request({ nativeCurrency: 'ETH' }), "Expected null or object 'nativeCurrency'. Received:\nETH"],
    ]
    for (const [raw, message] of cases) expect(thrown(() => readAddChainRequest(raw)), message).toEqual({ code: -32602, message })
  })

  it("asks the RPC for its chain id: another id is -32602, no answer -32603", async () => {
    const added = readAddChainRequest(request())
    await expect(assertRpcChainId(added, answering('0x7a6a'))).resolves.toBeUndefined()
    expect(await rpcError(assertRpcChainId(added, answering('0x1')))).toEqual({ code: -32602, message: 'Chain ID returned by RPC URL https://rpc.example.test does not match 0x7a6a' })
    const down = (async () => {
      throw new TypeError('fetch failed')
    }) as unknown as typeof fetch
    expect(await rpcError(assertRpcChainId(added, down))).toEqual({ code: -32603, message: "Request for method 'eth_chainId' on https://rpc.example.test failed" })
    expect((await rpcError(assertRpcChainId(added, answering(null))))?.code).toBe(-32603)
  })
})

describe('wallet_addEthereumChain through the provider (fake frame, a second anvil)', () => {
  let second: Anvil
  beforeAll(async () => {
    second = await startAnvil({ chainId: 31338 })
  })
  afterAll(() => second?.stop())
  const params = () => request({ chainName: 'Second local chain', rpcUrls: [second.rpcUrl], blockExplorerUrls: undefined })

  /** A signed-in kernel configured with 31337 only (wallet UIs `ui`), and a provider of the user's wallet. */
  async function setup(ui = true) {
    const frame = fakeWalletFrame()
    const address = frame.account(0).address
    const kit = await startKitFoyer([{ ...embeddedWallet({ showWalletUIs: ui }), state: () => frame.state }], { supportedChains: [chain(31337)] })
    const user = kitUser([embeddedWalletAccount(address)])
    kit.signIn(user)
    const providerOf = () => kitEthereumProvider(kit.foyer, frame.state, { prompt: () => ui }, address)
    return { ...kit, frame, address, user, provider: providerOf(), providerOf }
  }
  const events = (provider: EmbeddedEthereumProvider) => {
    const seen: unknown[] = []
    provider.on('chainChanged', (id: unknown) => seen.push(id))
    return seen
  }

  it("an unknown chain is 4902 to switch to; 'Add network' shows it, closing is 4001 and it stays unknown", async () => {
    const { foyer, provider } = await setup()
    expect((await rpcError(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })))?.code).toBe(4902)
    const pending = rpcError(provider.request({ method: 'wallet_addEthereumChain', params: [params()] }))
    await expect.poll(() => shownScreen(foyer)).toBe(ADD_CHAIN_SCREEN)
    expect(foyer.$modal.value.stack.at(-1)?.params).toEqual({
      chain: { id: 31338, name: 'Second local chain', nativeCurrency: ETHER, rpcUrls: { default: { http: [second.rpcUrl] } } },
    } satisfies AddChainParams)
    foyer.modal.close()
    expect(await pending).toEqual({ code: 4001, message: 'The user rejected the request.' })
    expect((await rpcError(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })))?.code).toBe(4902)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('approved, the chain is added and the wallet switches to it (chainChanged); reads go to its RPC; switching back and forth works, for every provider of the user', async () => {
    const { foyer, provider, providerOf } = await setup()
    const seen = events(provider)
    const pending = provider.request({ method: 'wallet_addEthereumChain', params: [params()] })
    await expect.poll(() => shownScreen(foyer)).toBe(ADD_CHAIN_SCREEN)
    foyer.modal.resolve(true)
    expect(await pending).toBeNull()
    expect(seen).toEqual(['0x7a6a'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    await second.setBalance('0x000000000000000000000000000000000000dEaD', 77n)
    expect(await provider.request({ method: 'eth_getBalance', params: ['0x000000000000000000000000000000000000dEaD', 'latest'] })).toBe('0x4d')
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })).toBeNull()
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).toBeNull()
    // Known now: adding it again is a no-op without a screen; another provider of the user's (a page's next one) switches to it.
    expect(await provider.request({ method: 'wallet_addEthereumChain', params: [params()] })).toBeNull()
    expect(foyer.$modal.value.open).toBe(false)
    const other = providerOf()
    expect(await other.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).toBeNull()
    expect(await other.request({ method: 'wallet_getCapabilities', params: [] })).toMatchObject({ '0x7a69': {}, '0x7a6a': {} })
  })

  it("viem's addChain then switchChain work over it, with wallet UIs off too (the screen still shows); the chain is the user's only", async () => {
    const { foyer, provider, address, signIn, signOut, user } = await setup(false)
    const client = createWalletClient({ account: address, transport: custom(provider) })
    const added = addChain(client, {
      chain: { id: 31338, name: 'Second local chain', nativeCurrency: ETHER, rpcUrls: { default: { http: [second.rpcUrl] } } },
    })
    await expect.poll(() => shownScreen(foyer)).toBe(ADD_CHAIN_SCREEN)
    foyer.modal.resolve(true)
    await added
    await switchChain(client, { id: 31337 })
    await switchChain(client, { id: 31338 })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    // Another user on this browser has not added it.
    await signOut()
    signIn({ ...user, id: 'did:foyer:u2' })
    expect((await rpcError(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })))?.code).toBe(4902)
  })

  it('refuses an RPC that serves another chain (-32602) before any screen; a configured chain is a no-op with its id alone', async () => {
    const { foyer, provider } = await setup()
    expect(await rpcError(provider.request({ method: 'wallet_addEthereumChain', params: [{ ...params(), chainId: '0x7a6b' }] }))).toEqual({
      code: -32602,
      message: `Chain ID returned by RPC URL ${second.rpcUrl} does not match 0x7a6b`,
    })
    expect((await rpcError(provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x5' }] })))?.code).toBe(-32602)
    expect(foyer.$modal.value.open).toBe(false)
    expect(await provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x7a69' }] })).toBeNull()
  })
})
