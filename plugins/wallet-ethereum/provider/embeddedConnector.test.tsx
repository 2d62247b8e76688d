// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { verifyMessage } from 'viem'
import { definePlugin, type FoyerPlugin } from '../../../core/client/plugin.js'
import { createMemoryStorage } from '../../../core/client/storage.js'
import type { WalletConnector } from '../../../core/client/wallets/types.js'
import type { User } from '../../../core/protocol/index.js'
import { embeddedWalletAccount, fakeWalletFrame, kitAccessToken, kitUser } from '../../../test/kit/fakeWalletFrame.js'
import { handlerFetch, KIT_API_URL, KIT_APP_ID, renderWithFoyer, testAppConfig } from '../../../test/kit/renderWithFoyer.js'
import { createFoyer } from '../../../core/client/createFoyer.js'
import { useWallets } from '../../../ui/hooks/useWallets.js'
import { embeddedWallet, type EmbeddedWalletOptions } from '../../embedded-wallet/index.js'

afterEach(cleanup)

const EXTERNAL = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const chain = (id: number) => ({ id, name: `Local ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [`http://127.0.0.1:1/${id}`] } } })

/** An external (injected) wallet that connects at once. */
function externalConnector(): WalletConnector {
  let granted = false
  return {
    id: 'injected:io.metamask', chain: 'ethereum', connectorType: 'injected', walletClientType: 'metamask', name: 'MetaMask', installed: true,
    connect: vi.fn(async () => ((granted = true), { address: EXTERNAL, chainId: 'eip155:31337' })),
    disconnect: async () => void (granted = false),
    getAccounts: async () => (granted ? [EXTERNAL] : []),
    getChainId: async () => 'eip155:31337',
    getProvider: async () => ({}),
    signMessage: async () => '0x',
    onAccountsChanged: () => () => {},
    onChainChanged: () => () => {},
    onDisconnect: () => () => {},
  }
}
const externalPlugin = (connector: WalletConnector): FoyerPlugin =>
  definePlugin({ id: 'fake-injected', kind: 'connector', connectors: () => ({ discover: (update) => (update([connector]), () => {}) }) })

function WalletsProbe() {
  const { wallets } = useWallets()
  return (
    <ul aria-label="wallets">
      {wallets.map((w) => (
        <li key={w.meta.id}>{`${w.connectorType} ${w.walletClientType} ${w.address} ${w.chainId} imported=${w.imported}`}</li>
      ))}
    </ul>
  )
}
const rows = () => within(screen.getByRole('list', { name: 'wallets' })).queryAllByRole('listitem').map((li) => li.textContent)

async function setup(options: EmbeddedWalletOptions = { showWalletUIs: false }) {
  const frame = fakeWalletFrame()
  const external = externalConnector()
  const storage = createMemoryStorage()
  const rendered = await renderWithFoyer(<WalletsProbe />, {
    plugins: [externalPlugin(external), { ...embeddedWallet(options), state: () => frame.state }],
    config: { supportedChains: [chain(31337), chain(31338)] },
    storage,
  })
  const signIn = (user: ReturnType<typeof kitUser>) =>
    act(() => rendered.foyer.session.handleTokenResponse({ user, token: kitAccessToken(), refresh_token: 'r', session_update_action: 'set' } as never))
  return { ...rendered, frame, storage, signIn }
}

describe('the embedded wallet in useWallets()', () => {
  it('is listed first once the user has one, with the spec fields, before an external wallet connected earlier', async () => {
    const { foyer, frame, signIn, storage } = await setup()
    await act(() => foyer.wallets.connect('injected:io.metamask'))
    expect(rows()).toEqual([`injected metamask ${EXTERNAL} eip155:31337 imported=false`])
    const history = storage.get('foyer:connections')

    const address = frame.account(0).address
    signIn(kitUser([embeddedWalletAccount(address)]))
    await screen.findByText(`embedded privy ${address} eip155:31337 imported=false`)
    expect(rows()).toEqual([`embedded privy ${address} eip155:31337 imported=false`, `injected metamask ${EXTERNAL} eip155:31337 imported=false`])
    // The user's own wallet is no connection to remember ('Recent' stays the external one).
    expect(storage.get('foyer:connections')).toBe(history)
    expect(foyer.wallets.$wallets.value[0]!.meta).toMatchObject({ name: 'Foyer Wallet', id: `embedded:${address.toLowerCase()}` })
  })

  it("gives the wallet's EIP-1193 provider, sign(message) and switchChain(id)", async () => {
    const { foyer, frame, signIn } = await setup()
    const address = frame.account(0).address
    signIn(kitUser([embeddedWalletAccount(address)]))
    await screen.findByText(new RegExp(`^embedded privy ${address}`))
    const wallet = foyer.wallets.$wallets.value[0]!
    const provider = (await wallet.getEthereumProvider()) as { request(a: { method: string }): Promise<unknown> }
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([address.toLowerCase()])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    // The same provider every time (listeners stay attached).
    expect(await wallet.getEthereumProvider()).toBe(provider)

    const signature = (await wallet.sign('Hello from useWallets')) as `0x${string}`
    expect(await verifyMessage({ address, message: 'Hello from useWallets', signature })).toBe(true)

    await act(() => wallet.switchChain(31338))
    await screen.findByText(`embedded privy ${address} eip155:31338 imported=false`)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    await expect(wallet.switchChain(5)).rejects.toMatchObject({ shortMessage: 'Unsupported chainId' })
  })

  it('lists every embedded Ethereum wallet in walletIndex order, an imported one as embedded_imported', async () => {
    const { frame, signIn } = await setup()
    const [a0, a1, a2] = [0, 1, 2].map((i) => frame.account(i).address)
    signIn(kitUser([embeddedWalletAccount(a1!, 1), embeddedWalletAccount(a0!, 0)]))
    await screen.findByText(new RegExp(`^embedded privy ${a1}`))
    expect(rows().map((r) => r!.split(' ').slice(0, 3).join(' '))).toEqual([`embedded privy ${a0}`, `embedded privy ${a1}`])

    // A wallet created later joins the list (before the external ones) without a new login.
    signIn(kitUser([embeddedWalletAccount(a0!, 0), embeddedWalletAccount(a1!, 1), embeddedWalletAccount(a2!, 0, true)]))
    await screen.findByText(`embedded_imported privy ${a2} eip155:31337 imported=true`)
    expect(rows()).toHaveLength(3)
  })

  it('leaves with the session: logout drops it (and says disconnected), the external wallet stays', async () => {
    const { foyer, frame, signIn } = await setup()
    await act(() => foyer.wallets.connect('injected:io.metamask'))
    const address = frame.account(0).address
    signIn(kitUser([embeddedWalletAccount(address)]))
    await screen.findByText(new RegExp(`^embedded privy ${address}`))
    const disconnected: unknown[] = []
    foyer.emitter.on('disconnected', (w) => disconnected.push((w as { address: string }).address))
    await act(() => foyer.session.logout())
    await vi.waitFor(() => expect(rows()).toEqual([`injected metamask ${EXTERNAL} eip155:31337 imported=false`]))
    expect(disconnected).toEqual([address])

    // The next login brings it back.
    signIn(kitUser([embeddedWalletAccount(address)]))
    await screen.findByText(new RegExp(`^embedded privy ${address}`))
  })

  it("is never offered on the 'Continue with a wallet' list", async () => {
    const { foyer, frame, signIn } = await setup()
    signIn(kitUser([embeddedWalletAccount(frame.account(0).address)]))
    await screen.findByText(new RegExp(`^embedded privy`))
    expect(foyer.wallets.$connectors.value.some((c) => c.walletClientType === 'privy')).toBe(true)
    act(() => foyer.modal.open({ intent: null, screen: 'foyer/wallet-list' }))
    const list = await screen.findByRole('list', { name: 'Wallets' })
    const names = within(list).queryAllByRole('listitem').map((i) => i.querySelector('.foyer-wallet-name')?.textContent)
    expect(names).toEqual(['MetaMask'])
  })

  it('a user without an embedded wallet has none in the list', async () => {
    const { foyer, signIn } = await setup()
    const user: User = { ...kitUser([]), linkedAccounts: [] }
    signIn(user)
    await act(() => foyer.wallets.connect('injected:io.metamask'))
    expect(rows()).toEqual([`injected metamask ${EXTERNAL} eip155:31337 imported=false`])
  })

  it("a session restored before the app config arrives still gets the config's chain", async () => {
    const frame = fakeWalletFrame()
    const address = frame.account(0).address
    const { fetch } = handlerFetch({ [`/api/v1/apps/${KIT_APP_ID}`]: async () => (await new Promise((r) => setTimeout(r, 1000)), testAppConfig()) })
    const foyer = createFoyer({
      appId: KIT_APP_ID, apiUrl: KIT_API_URL, fetch, storage: createMemoryStorage(),
      plugins: [{ ...embeddedWallet({ showWalletUIs: false }), state: () => frame.state }],
      config: { supportedChains: [chain(31337)] },
    })
    foyer.session.handleTokenResponse({ user: kitUser([embeddedWalletAccount(address)]), token: kitAccessToken(), refresh_token: 'r', session_update_action: 'set' } as never)
    await foyer.init()
    await vi.waitFor(() => expect(foyer.wallets.$wallets.value.map((w) => `${w.address} ${w.chainId}`)).toEqual([`${address} eip155:31337`]))
    foyer.destroy()
  })
})
