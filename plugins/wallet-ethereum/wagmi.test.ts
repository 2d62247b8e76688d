// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connect, createConfig, createStorage, disconnect, getAccount, reconnect, signMessage, switchChain, type Config } from '@wagmi/core'
import { custom, verifyMessage } from 'viem'
import { createFoyer } from '../../core/client/createFoyer.js'
import { REFRESH_MARKER_COOKIE, sessionKeys } from '../../core/client/session.js'
import { createMemoryStorage } from '../../core/client/storage.js'
import { paths } from '../../core/protocol/index.js'
import { embeddedWalletAccount, fakeWalletFrame, kitAccessToken, kitUser, startKitFoyer } from '../../test/kit/fakeWalletFrame.js'
import { handlerFetch, KIT_API_URL, KIT_APP_ID } from '../../test/kit/renderWithFoyer.js'
import { embeddedWallet } from '../embedded-wallet/index.js'
import { ADD_CHAIN_SCREEN } from './index.js'
import { foyer as foyerConnector } from './wagmi.js'

const chain = (id: number) => ({ id, name: `Local ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }) as const
const chains = [chain(31337), chain(31338)] as const
// No node is asked: the calls here are answered by the wallet.
const transports = { 31337: custom({ request: async () => null }), 31338: custom({ request: async () => null }) }

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
  document.cookie = `${REFRESH_MARKER_COOKIE}=; path=/; max-age=0`
})

/** A wagmi config as a host makes it, with a storage of its own (what wagmi keeps across reloads: `kept`). */
function wagmiConfig(connectors: ReturnType<typeof foyerConnector>[], kept = new Map<string, string>()): Config {
  const storage = createStorage({ storage: { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => void kept.set(k, v), removeItem: (k) => void kept.delete(k) } })
  const config = createConfig({ chains, connectors, transports, storage })
  cleanups.push(() => config._internal.mipd?.clear())
  return config
}

/**
 * A page load with a session: the plugin made as the host's modules load, then the kernel started (FoyerProvider's
 * effect), restoring the session from its refresh token by a sessions call that answers `user` after `delayMs`.
 */
function loadWithSession(delayMs: number) {
  const frame = fakeWalletFrame()
  const address = frame.account(0).address
  const user = kitUser([embeddedWalletAccount(address)])
  document.cookie = `${REFRESH_MARKER_COOKIE}=t; path=/`
  const plugin = { ...embeddedWallet({ showWalletUIs: false }), state: () => frame.state }
  return {
    address,
    start() {
      const storage = createMemoryStorage()
      storage.set(sessionKeys(KIT_APP_ID).refreshToken, 'r1')
      const { fetch } = handlerFetch({
        [paths.sessions]: async () => {
          await new Promise((r) => setTimeout(r, delayMs))
          return { user, token: kitAccessToken(), refresh_token: 'r2', session_update_action: 'set' }
        },
      })
      const foyer = createFoyer({ appId: KIT_APP_ID, apiUrl: KIT_API_URL, plugins: [plugin], config: { supportedChains: [...chains] }, fetch, storage })
      cleanups.push(() => foyer.destroy())
      void foyer.init()
      return foyer
    },
  }
}

describe('wagmi reconnects at a page load, before Foyer has restored its session', () => {
  it('with the foyer() connector: connected to the wallet once the session is back', async () => {
    const page = loadWithSession(300)
    const config = wagmiConfig([foyerConnector({ readyTimeoutMs: 5_000 })])
    // WagmiProvider reconnects as it first renders: before FoyerProvider's effect starts Foyer.
    const reconnecting = reconnect(config)
    page.start()
    const connections = await reconnecting
    expect(connections.map((c) => [c.connector.id, c.accounts])).toEqual([['foyer', [page.address]]])
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: page.address, chainId: 31337 })
  })

  it("without it (EIP-6963 discovery only): the wallet is announced before Foyer starts, and wagmi's reconnect finds it", async () => {
    const page = loadWithSession(300)
    const config = wagmiConfig([])
    expect(config.connectors.map((c) => [c.id, c.name])).toEqual([['dev.foyer.wallet', 'Foyer Wallet']])
    const reconnecting = reconnect(config)
    page.start()
    const connections = await reconnecting
    expect(connections.map((c) => [c.connector.id, c.accounts])).toEqual([['dev.foyer.wallet', [page.address]]])
    // It is the wallet: wagmi signs through the announced provider.
    const signature = await signMessage(config, { message: 'Hello from discovery' })
    expect(await verifyMessage({ address: page.address, message: 'Hello from discovery', signature })).toBe(true)
  })

  it("a session that turns out to have no wallet (or none at all): wagmi's reconnect ends disconnected", async () => {
    document.cookie = `${REFRESH_MARKER_COOKIE}=t; path=/`
    const frame = fakeWalletFrame()
    embeddedWallet()
    const config = wagmiConfig([])
    const reconnecting = reconnect(config)
    // A stale marker: no refresh token, the session is known at once to be signed out.
    const kit = await startKitFoyer([{ ...embeddedWallet({ showWalletUIs: false }), state: () => frame.state }])
    cleanups.push(() => kit.foyer.destroy())
    expect(await reconnecting).toEqual([])
    expect(getAccount(config).status).toBe('disconnected')
  })
})

describe('the foyer() connector', () => {
  it("connects a signed-in user's wallet, signs, switches chain; its disconnect outlasts a reload", async () => {
    const frame = fakeWalletFrame()
    const kit = await startKitFoyer([{ ...embeddedWallet({ showWalletUIs: false }), state: () => frame.state }], { supportedChains: [...chains] })
    cleanups.push(() => kit.foyer.destroy())
    const address = frame.account(0).address
    const kept = new Map<string, string>()
    const config = wagmiConfig([foyerConnector({ readyTimeoutMs: 2_000 })], kept)
    const connector = config.connectors[0]!
    // Signed out: nothing to connect (after the wait for a wallet a login would make).
    await expect(connect(config, { connector })).rejects.toThrow(/Provider not found/)

    kit.signIn(kitUser([embeddedWalletAccount(address)]))
    expect(await connect(config, { connector })).toEqual({ accounts: [address], chainId: 31337 })
    const signature = await signMessage(config, { message: 'Hello, wagmi' })
    expect(await verifyMessage({ address, message: 'Hello, wagmi', signature })).toBe(true)
    await switchChain(config, { chainId: 31338 })
    expect(getAccount(config).chainId).toBe(31338)

    await disconnect(config)
    expect(getAccount(config).status).toBe('disconnected')
    const reloaded = wagmiConfig([foyerConnector({ readyTimeoutMs: 2_000 })], kept)
    expect(await reconnect(reloaded)).toEqual([])
    // Connecting again clears it.
    expect((await connect(reloaded, { connector: reloaded.connectors[0]! })).accounts).toEqual([address])
  })

  it("switching to a chain of wagmi's that the wallet doesn't know offers it ('Add network'); approved, the wallet is on it", async () => {
    const frame = fakeWalletFrame()
    const kit = await startKitFoyer([{ ...embeddedWallet({ showWalletUIs: false }), state: () => frame.state }], { supportedChains: [...chains] })
    cleanups.push(() => kit.foyer.destroy())
    kit.signIn(kitUser([embeddedWalletAccount(frame.account(0).address)]))
    // The chain's node, asked for its chain id before the chain is offered.
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x7a6b' })))
    cleanups.push(() => vi.unstubAllGlobals())
    const third = chain(31339)
    const config = createConfig({ chains: [...chains, third], connectors: [foyerConnector()], transports: { ...transports, 31339: custom({ request: async () => null }) }, storage: null })
    await connect(config, { connector: config.connectors[0]! })
    const switching = switchChain(config, { chainId: 31339 })
    await vi.waitFor(() => expect(kit.foyer.$modal.value.open && kit.foyer.$modal.value.stack.at(-1)?.id).toBe(ADD_CHAIN_SCREEN))
    expect(kit.foyer.$modal.value.stack.at(-1)?.params).toMatchObject({ chain: { id: 31339, name: 'Local 31339', rpcUrls: { default: { http: [third.rpcUrls.default.http[0]] } } } })
    kit.foyer.modal.resolve(true)
    expect(await switching).toMatchObject({ id: 31339 })
    expect(getAccount(config).chainId).toBe(31339)
  })

  it('follows the logout: wagmi is disconnected', async () => {
    const frame = fakeWalletFrame()
    const kit = await startKitFoyer([{ ...embeddedWallet({ showWalletUIs: false }), state: () => frame.state }], { supportedChains: [...chains] })
    cleanups.push(() => kit.foyer.destroy())
    kit.signIn(kitUser([embeddedWalletAccount(frame.account(0).address)]))
    const config = wagmiConfig([foyerConnector()])
    await connect(config, { connector: config.connectors[0]! })
    await kit.signOut()
    expect(getAccount(config).status).toBe('disconnected')
  })
})
