// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWalletClient, custom, verifyMessage } from 'viem'
import { embeddedWalletAccount, fakeWalletFrame, kitAccessToken, kitUser, startKitFoyer } from '../../../test/kit/fakeWalletFrame.js'
import { injected } from '../../injected/index.js'
import { createCallBatchStore, SEND_TRANSACTION_SCREEN } from '../../wallet-transactions/index.js'
import { embeddedWallet } from '../../embedded-wallet/index.js'
import { embeddedWalletPresence } from './embeddedWalletPresence.js'
import { createFoyer } from '../../../core/client/createFoyer.js'
import { REFRESH_MARKER_COOKIE, sessionKeys } from '../../../core/client/session.js'
import { createMemoryStorage } from '../../../core/client/storage.js'
import { paths } from '../../../core/protocol/index.js'
import { handlerFetch, KIT_API_URL, KIT_APP_ID } from '../../../test/kit/renderWithFoyer.js'

interface Announcement {
  info: { uuid: string; name: string; icon: string; rdns: string }
  provider: { request(args: { method: string; params?: unknown[] }): Promise<unknown>; on(e: string, l: (v: unknown) => void): unknown }
}

/** Collects announcements the way a dapp (mipd, wagmi) does: listen, then ask. */
function listen() {
  const seen: Announcement[] = []
  const onAnnounce = (event: Event) => seen.push((event as CustomEvent<Announcement>).detail)
  window.addEventListener('eip6963:announceProvider', onAnnounce)
  cleanups.push(() => window.removeEventListener('eip6963:announceProvider', onAnnounce))
  return { seen, ask: () => window.dispatchEvent(new Event('eip6963:requestProvider')) }
}

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
  // A sign-in sets the session marker, which makes the next embeddedWallet() announce at once (below).
  document.cookie = `${REFRESH_MARKER_COOKIE}=; path=/; max-age=0`
})

async function setup(plugins: Parameters<typeof startKitFoyer>[0] = []) {
  const frame = fakeWalletFrame()
  const kit = await startKitFoyer([...plugins, { ...embeddedWallet({ showWalletUIs: false }), state: () => frame.state }])
  cleanups.push(() => kit.foyer.destroy())
  return { ...kit, frame, address: frame.account(0).address, user: kitUser([embeddedWalletAccount(frame.account(0).address)]) }
}

const foyerAnnouncements = (seen: Announcement[]) => seen.filter((a) => a.info.rdns === 'dev.foyer.wallet')

describe('EIP-6963 announcement of the embedded wallet', () => {
  it("tells code outside Foyer (the wagmi connector) whether the user has the wallet, once the session is known; no Foyer: null after the wait", async () => {
    expect(await embeddedWalletPresence(window, 50)).toBeNull()
    const { signIn, signOut, user } = await setup()
    expect(await embeddedWalletPresence(window, 2_000)).toBe(false)
    signIn(user)
    await vi.waitFor(async () => expect(await embeddedWalletPresence(window, 2_000)).toBe(true))
    await signOut()
    await vi.waitFor(async () => expect(await embeddedWalletPresence(window, 2_000)).toBe(false))
  })

  it('announces once the user has an embedded Ethereum wallet, and answers every requestProvider', async () => {
    const { seen, ask } = listen()
    const { signIn, user, address } = await setup()
    ask()
    expect(foyerAnnouncements(seen)).toEqual([])

    signIn(user)
    await vi.waitFor(() => expect(foyerAnnouncements(seen)).toHaveLength(1))
    const [first] = foyerAnnouncements(seen)
    expect(first!.info).toMatchObject({ name: 'Foyer Wallet', rdns: 'dev.foyer.wallet' })
    expect(first!.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(first!.info.icon).toMatch(/^data:image\/svg\+xml,/)
    expect(Object.isFrozen(first)).toBe(true)
    expect(Object.isFrozen(first!.info)).toBe(true)
    expect(await first!.provider.request({ method: 'eth_accounts' })).toEqual([address.toLowerCase()])

    ask()
    const again = foyerAnnouncements(seen)
    expect(again).toHaveLength(2)
    expect(again[1]).toBe(first)
  })

  it("is a provider a dapp can use through viem's custom() transport", async () => {
    const { seen, ask } = listen()
    const { signIn, user, address } = await setup()
    signIn(user)
    await vi.waitFor(() => {
      ask()
      expect(foyerAnnouncements(seen).length).toBeGreaterThan(0)
    })
    const client = createWalletClient({ transport: custom(foyerAnnouncements(seen)[0]!.provider) })
    const [account] = await client.requestAddresses()
    expect(account).toBe(address)
    const signature = await client.signMessage({ account: account!, message: 'Hello, dapp' })
    expect(await verifyMessage({ address, message: 'Hello, dapp', signature })).toBe(true)
  })

  it('stops answering after logout; the provider it gave says the accounts are gone', async () => {
    const { seen, ask } = listen()
    const { signIn, signOut, user } = await setup()
    signIn(user)
    await vi.waitFor(() => expect(foyerAnnouncements(seen)).toHaveLength(1))
    const { provider } = foyerAnnouncements(seen)[0]!
    const changes: unknown[] = []
    provider.on('accountsChanged', (accounts) => changes.push(accounts))
    await signOut()
    expect(changes).toEqual([[]])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    ask()
    expect(foyerAnnouncements(seen)).toHaveLength(1)

    // The next user's login announces the same provider again, now serving their wallet.
    signIn(user)
    await vi.waitFor(() => expect(foyerAnnouncements(seen)).toHaveLength(2))
    expect(foyerAnnouncements(seen)[1]!.provider).toBe(provider)
  })

  it('is not picked up as an extension by the injected plugin', async () => {
    const { seen } = listen()
    const { foyer, signIn, user } = await setup([injected({ namedWallets: false })])
    signIn(user)
    await vi.waitFor(() => expect(foyerAnnouncements(seen)).toHaveLength(1))
    await vi.waitFor(() => expect(foyer.wallets.$connectors.value.some((c) => c.walletClientType === 'privy')).toBe(true))
    expect(foyer.wallets.$connectors.value.map((c) => c.id).filter((id) => id.startsWith('injected:'))).toEqual([])
  })

  it('stops when the kernel is destroyed', async () => {
    const { seen, ask } = listen()
    const { foyer, signIn, user } = await setup()
    signIn(user)
    await vi.waitFor(() => expect(foyerAnnouncements(seen)).toHaveLength(1))
    foyer.destroy()
    ask()
    expect(foyerAnnouncements(seen)).toHaveLength(1)
  })
})

describe('a page that likely has a session (the session marker) announces before Foyer starts', () => {
  it("as embeddedWallet() is made; the provider's accounts wait for the session, then are the wallet's", async () => {
    const { seen } = listen()
    document.cookie = `${REFRESH_MARKER_COOKIE}=t; path=/`
    const frame = fakeWalletFrame()
    const plugin = embeddedWallet({ showWalletUIs: false })
    expect(foyerAnnouncements(seen)).toHaveLength(1)
    const { provider } = foyerAnnouncements(seen)[0]!
    const accounts = provider.request({ method: 'eth_accounts' })
    const changes: unknown[] = []
    provider.on('accountsChanged', (a) => changes.push(a))

    // Foyer starts (FoyerProvider's effect) and restores the session from its refresh token.
    const storage = createMemoryStorage()
    storage.set(sessionKeys(KIT_APP_ID).refreshToken, 'r1')
    const user = kitUser([embeddedWalletAccount(frame.account(0).address)])
    const { fetch } = handlerFetch({ [paths.sessions]: () => ({ user, token: kitAccessToken(), refresh_token: 'r2', session_update_action: 'set' }) })
    const foyer = createFoyer({ appId: KIT_APP_ID, apiUrl: KIT_API_URL, plugins: [{ ...plugin, state: () => frame.state }], fetch, storage })
    cleanups.push(() => foyer.destroy())
    void foyer.init()
    expect(await accounts).toEqual([frame.account(0).address.toLowerCase()])
    // The same provider, announced again once the wallet's is loaded; nothing changed for a dapp that asked early.
    await vi.waitFor(() => expect(foyerAnnouncements(seen)).toHaveLength(2))
    expect(foyerAnnouncements(seen)[1]!.provider).toBe(provider)
    expect(changes).toEqual([])
  })

  it('signed out after all: no accounts, no longer announced; a later login tells the dapp of the wallet', async () => {
    const { seen, ask } = listen()
    document.cookie = `${REFRESH_MARKER_COOKIE}=t; path=/`
    const frame = fakeWalletFrame()
    const plugin = embeddedWallet({ showWalletUIs: false })
    const { provider } = foyerAnnouncements(seen)[0]!
    const changes: unknown[] = []
    provider.on('accountsChanged', (a) => changes.push(a))
    const kit = await startKitFoyer([{ ...plugin, state: () => frame.state }])
    cleanups.push(() => kit.foyer.destroy())
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4100 })
    ask()
    expect(foyerAnnouncements(seen)).toHaveLength(1)

    kit.signIn(kitUser([embeddedWalletAccount(frame.account(0).address)]))
    await vi.waitFor(() => expect(changes).toEqual([[frame.account(0).address.toLowerCase()]]))
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([frame.account(0).address.toLowerCase()])
  })

  it('no Foyer ever starts: the accounts wait at most the timeout, then are none', async () => {
    vi.useFakeTimers()
    cleanups.push(() => vi.useRealTimers())
    const { seen } = listen()
    document.cookie = `${REFRESH_MARKER_COOKIE}=t; path=/`
    embeddedWallet()
    const accounts = foyerAnnouncements(seen)[0]!.provider.request({ method: 'eth_accounts' })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await accounts).toEqual([])
  })
})

describe("the plugin's options reach its EIP-1193 providers", () => {
  it("priceDisplay: eth_sendTransaction on the announced provider and on useWallets()' connector opens the screen in the host's currency", async () => {
    const { seen, ask } = listen()
    const frame = fakeWalletFrame()
    const chain = { id: 31337, name: 'Local 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }
    const kit = await startKitFoyer([{ ...embeddedWallet({ priceDisplay: 'native' }), state: () => frame.state }], { supportedChains: [chain] })
    cleanups.push(() => kit.foyer.destroy())
    const address = frame.account(0).address
    kit.signIn(kitUser([embeddedWalletAccount(address)]))
    await vi.waitFor(() => {
      ask()
      expect(foyerAnnouncements(seen).length).toBeGreaterThan(0)
    })
    await vi.waitFor(() => expect(kit.foyer.wallets.$connectors.value.some((c) => c.walletClientType === 'privy')).toBe(true))
    const connector = kit.foyer.wallets.$connectors.value.find((c) => c.walletClientType === 'privy')!
    const providers = [foyerAnnouncements(seen)[0]!.provider, (await connector.getProvider()) as Announcement['provider']]
    for (const provider of providers) {
      const pending = provider.request({ method: 'eth_sendTransaction', params: [{ to: address, value: '0x1', chainId: '0x7a69' }] }).catch((e: { code: number }) => e)
      await vi.waitFor(() => expect(kit.foyer.$modal.value.open && kit.foyer.$modal.value.stack.at(-1)?.id).toBe(SEND_TRANSACTION_SCREEN))
      expect(kit.foyer.$modal.value.stack.at(-1)?.params).toMatchObject({ priceDisplay: 'native', steps: [{ chainId: 31337 }] })
      kit.foyer.modal.close()
      expect(await pending).toMatchObject({ code: 4001 })
    }
  })

  it("EIP-5792 batches are the page's: a batch sent on the announced provider has its status on useWallets()' one", async () => {
    const { seen, ask } = listen()
    const frame = fakeWalletFrame()
    const chain = { id: 31337, name: 'Local 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }
    // The real state's batch store beside the fake frame.
    const state = () => ({ ...frame.state, callBatches: createCallBatchStore() })
    // A batch executor stand-in (what smart wallets contribute): no node is asked.
    const receipt = { transactionHash: `0x${'a'.repeat(64)}`, blockHash: `0x${'b'.repeat(64)}`, blockNumber: 1n, gasUsed: 1n, status: 'success', logs: [] } as const
    const batching = { id: 'batching', kind: 'feature', batchExecutor: { executorFor: () => ({ account: frame.account(2).address, sponsored: true, send: async () => receipt }) } } as const
    const kit = await startKitFoyer([{ ...embeddedWallet({ showWalletUIs: false }), state }, batching], { supportedChains: [chain] })
    cleanups.push(() => kit.foyer.destroy())
    kit.signIn(kitUser([embeddedWalletAccount(frame.account(0).address)]))
    await vi.waitFor(() => {
      ask()
      expect(foyerAnnouncements(seen).length).toBeGreaterThan(0)
    })
    await vi.waitFor(() => expect(kit.foyer.wallets.$connectors.value.some((c) => c.walletClientType === 'privy')).toBe(true))
    const page = foyerAnnouncements(seen)[0]!.provider
    const wallet = (await kit.foyer.wallets.$connectors.value.find((c) => c.walletClientType === 'privy')!.getProvider()) as Announcement['provider']
    expect(await page.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', id: 'page-batch', calls: [{ to: frame.account(1).address, value: '0x1' }] }] })).toEqual({ id: 'page-batch' })
    await vi.waitFor(async () => expect(await wallet.request({ method: 'wallet_getCallsStatus', params: ['page-batch'] })).toMatchObject({ id: 'page-batch', status: 200, atomic: true }))
  })
})
