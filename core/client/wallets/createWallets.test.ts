import { describe, expect, it, vi } from 'vitest'
import { UserRejectedRequestError } from '../../errors/index.js'
import { createEmitter } from '../emitter.js'
import { createMemoryStorage } from '../storage.js'
import { createWallets, type SupportedChain } from './createWallets.js'
import type { WalletConnector } from './types.js'

const chain = (id: number): SupportedChain => ({ id, name: `Chain ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [`http://127.0.0.1/${id}`] } } })

/** A scriptable connector: tests drive its events and failures. */
function fakeConnector(options: { accounts?: string[]; chainId?: number; reject?: boolean; emptyLookups?: number } = {}) {
  let accounts = options.accounts ?? ['0xAa00000000000000000000000000000000000001']
  let chainId = options.chainId ?? 1
  let emptyLookups = options.emptyLookups ?? 0
  const listeners = { accounts: new Set<(a: string[]) => void>(), chain: new Set<(c: string) => void>(), disconnect: new Set<() => void>() }
  const connector: WalletConnector & { emitAccounts(a: string[]): void; emitChain(id: number): void } = {
    id: 'injected:test',
    chain: 'ethereum',
    connectorType: 'injected',
    walletClientType: 'metamask',
    name: 'Test Wallet',
    installed: true,
    connect: vi.fn(async () => {
      if (options.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      return { address: accounts[0]!, chainId: `eip155:${chainId}` }
    }),
    disconnect: vi.fn(async () => {}),
    getAccounts: vi.fn(async () => (emptyLookups-- > 0 ? [] : accounts)),
    getChainId: vi.fn(async () => `eip155:${chainId}`),
    getProvider: async () => ({}),
    switchChain: vi.fn(async (id: number) => void (chainId = id)),
    signMessage: vi.fn(async (_a: string, m: string) => `sig:${m}`),
    onAccountsChanged: (l) => (listeners.accounts.add(l), () => listeners.accounts.delete(l)),
    onChainChanged: (l) => (listeners.chain.add(l), () => listeners.chain.delete(l)),
    onDisconnect: (l) => (listeners.disconnect.add(l), () => listeners.disconnect.delete(l)),
    emitAccounts(a) {
      accounts = a
      for (const l of listeners.accounts) l(a)
    },
    emitChain(id) {
      chainId = id
      for (const l of listeners.chain) l(`eip155:${id}`)
    },
  }
  return connector
}

function manager(connector: WalletConnector, chains: SupportedChain[] = [], storage = createMemoryStorage()) {
  const emitter = createEmitter()
  const events: string[] = []
  for (const name of ['connected', 'disconnected', 'walletsUpdated']) emitter.on(name, () => events.push(name))
  const wallets = createWallets({
    sources: () => [{ discover: (update) => (update([connector]), () => {}) }],
    storage,
    emitter,
    chains: () => ({ supported: chains, default: chains[0] ?? null }),
    lookupDelayMs: 1,
  })
  wallets.start()
  return { wallets, events, storage }
}

describe('wallet manager', () => {
  it('connects, records history, emits connected and walletsUpdated', async () => {
    const connector = fakeConnector()
    const { wallets, events } = manager(connector)
    const wallet = await wallets.connect('injected:test')
    expect(wallet).toMatchObject({ address: '0xAa00000000000000000000000000000000000001', chainId: 'eip155:1', connectorType: 'injected', walletClientType: 'metamask', meta: { name: 'Test Wallet', id: 'injected:test' } })
    expect(wallets.$wallets.value).toHaveLength(1)
    expect(wallets.recent()).toMatchObject({ address: wallet.address, connectorType: 'injected', walletClientType: 'metamask' })
    expect(typeof wallets.recent()!.connectedAt).toBe('number')
    expect(events).toEqual(['walletsUpdated', 'connected'])
    expect(await wallet.sign('hello')).toBe('sig:hello')
  })

  it('retries account lookups up to 10 times, then fails with the spec text', async () => {
    const slow = fakeConnector({ emptyLookups: 9 })
    expect((await manager(slow).wallets.connect('injected:test')).address).toBeTruthy()
    expect(slow.getAccounts).toHaveBeenCalledTimes(10)
    const never = fakeConnector({ emptyLookups: 10 })
    await expect(manager(never).wallets.connect('injected:test')).rejects.toThrow('Unable to retrieve accounts')
  })

  it('switches to the default chain when the wallet is on an unsupported one', async () => {
    const connector = fakeConnector({ chainId: 1 })
    const wallet = await manager(connector, [chain(31337), chain(10)]).wallets.connect('injected:test')
    expect(connector.switchChain).toHaveBeenCalledWith(31337, expect.objectContaining({ chainId: 31337, rpcUrls: ['http://127.0.0.1/31337'] }))
    expect(wallet.chainId).toBe('eip155:31337')
  })

  it('a rejection in the wallet is a UserRejectedRequestError and connects nothing', async () => {
    const { wallets } = manager(fakeConnector({ reject: true }))
    await expect(wallets.connect('injected:test')).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(wallets.$wallets.value).toHaveLength(0)
    expect(wallets.history()).toHaveLength(0)
  })

  it('accountsChanged to an empty list clears the wallets; chainChanged updates their chain', async () => {
    const connector = fakeConnector()
    const { wallets, events } = manager(connector)
    await wallets.connect('injected:test')
    connector.emitChain(8453)
    expect(wallets.$wallets.value[0]!.chainId).toBe('eip155:8453')
    connector.emitAccounts([])
    expect(wallets.$wallets.value).toHaveLength(0)
    expect(events).toContain('disconnected')
  })

  it('signing after disconnect is 4900, an empty message 4200', async () => {
    const { wallets } = manager(fakeConnector())
    const wallet = await wallets.connect('injected:test')
    await expect(wallet.sign('')).rejects.toMatchObject({ rpcCode: 4200 })
    await wallet.disconnect()
    await expect(wallet.sign('hi')).rejects.toMatchObject({ rpcCode: 4900, shortMessage: 'Wallet is not currently connected' })
  })

  it('restores a wallet connected on an earlier visit without prompting', async () => {
    const storage = createMemoryStorage()
    await manager(fakeConnector(), [], storage).wallets.connect('injected:test')
    const connector = fakeConnector()
    const { wallets } = manager(connector, [], storage)
    await vi.waitFor(() => expect(wallets.$wallets.value).toHaveLength(1))
    expect(connector.connect).not.toHaveBeenCalled()
  })

  it('restores a wallet once when its source publishes several times in a row', async () => {
    const storage = createMemoryStorage()
    await manager(fakeConnector(), [], storage).wallets.connect('injected:test')
    const connector = fakeConnector()
    const wallets = createWallets({
      // Discovery that answers in a burst (EIP-6963 announce, then the final list).
      sources: () => [{ discover: (update) => (update([connector]), update([connector]), update([connector]), () => {}) }],
      storage,
      emitter: createEmitter(),
      chains: () => ({ supported: [], default: null }),
      lookupDelayMs: 1,
    })
    wallets.start()
    await vi.waitFor(() => expect(wallets.$wallets.value).toHaveLength(1))
    await new Promise((r) => setTimeout(r, 20))
    expect(wallets.$wallets.value).toHaveLength(1)
  })

  it('an unknown connector id is refused with the spec text', async () => {
    await expect(manager(fakeConnector()).wallets.connect('nope')).rejects.toThrow('Unsupported wallet')
  })
})
