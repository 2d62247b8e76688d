// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { definePlugin, type FoyerPlugin } from '../../core/client/plugin.js'
import { createMemoryStorage } from '../../core/client/storage.js'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { useConnectWallet } from '../hooks/useConnectWallet.js'
import { useWallets } from '../hooks/useWallets.js'

afterEach(cleanup)

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A connector whose connect answers from `behaviour` (reject with a code, or succeed). */
function fakeConnector(id: string, over: Partial<WalletConnector> & { fail?: () => unknown } = {}): WalletConnector {
  let granted = false
  const { fail, ...rest } = over
  return {
    id,
    chain: 'ethereum',
    connectorType: 'injected',
    walletClientType: id,
    name: `Wallet ${id}`,
    installed: true,
    connect: vi.fn(async () => {
      const error = fail?.()
      if (error) throw error
      granted = true
      return { address: ADDRESS, chainId: 'eip155:1' }
    }),
    disconnect: vi.fn(async () => {
      granted = false
    }),
    getAccounts: async () => (granted ? [ADDRESS] : []),
    getChainId: async () => 'eip155:1',
    getProvider: async () => ({}),
    signMessage: async () => '0x',
    onAccountsChanged: () => () => {},
    onChainChanged: () => () => {},
    onDisconnect: () => () => {},
    ...rest,
  }
}

const fakeConnectorPlugin = (connectors: WalletConnector[]): FoyerPlugin =>
  definePlugin({ id: 'fake-connectors', kind: 'connector', connectors: () => ({ discover: (update) => (update(connectors), () => {}) }) })

/** A wallet sign-in plugin stand-in: its screen shows the params it got. */
const fakeWalletLogin = definePlugin({
  id: 'fake-siwe',
  kind: 'login',
  walletLogin: { chain: 'ethereum', screen: 'sign' },
  screens: { sign: { load: async () => ({ default: ({ params }: { params: { address: string; connectorId: string } }) => <p>{`sign ${params.address} via ${params.connectorId}`}</p> }) } },
})

async function openList(connectors: WalletConnector[], options: { config?: object; intent?: 'login' | null; params?: object; plugins?: FoyerPlugin[]; storage?: ReturnType<typeof createMemoryStorage> } = {}) {
  const { foyer } = await renderWithFoyer(null, {
    // StrictMode runs effects twice: the screens must still send one request per attempt.
    wrap: (tree) => <StrictMode>{tree}</StrictMode>,
    plugins: [fakeConnectorPlugin(connectors), ...(options.plugins ?? [])],
    config: { successDelayMs: 10, ...options.config },
    ...(options.storage ? { storage: options.storage } : {}),
  })
  act(() => foyer.modal.open({ intent: options.intent === undefined ? null : options.intent, screen: 'foyer/wallet-list', params: options.params }))
  const list = await screen.findByRole('list', { name: 'Wallets' })
  return { foyer, list }
}
const names = (list: HTMLElement) => within(list).queryAllByRole('listitem').map((i) => i.querySelector('.foyer-wallet-name')?.textContent)

describe('wallet list', () => {
  const eth = fakeConnector('alpha')
  const sol = fakeConnector('sol', { chain: 'solana', connectorType: 'solana_adapter', name: 'Sol Wallet' })
  const missingMetamask = fakeConnector('metamask', { installed: false, name: 'MetaMask', installUrl: 'https://metamask.io/download/' })
  const missingPhantom = fakeConnector('phantom', { chain: 'solana', installed: false, name: 'Phantom', installUrl: 'https://phantom.app/download' })

  it('filters by appearance.walletChainType', async () => {
    const { list } = await openList([eth, sol], { config: { appearance: { walletChainType: 'solana-only' } } })
    expect(names(list)).toEqual(['Sol Wallet'])
  })

  it('lets the call narrow the chain type (connectWallet({ walletChainType }))', async () => {
    const { list } = await openList([eth, sol], { params: { walletChainType: 'ethereum-only' } })
    expect(names(list)).toEqual(['Wallet alpha'])
  })

  it('orders by appearance.walletList', async () => {
    const { list } = await openList([eth, sol, missingMetamask], { config: { appearance: { walletList: ['metamask', 'sol', 'alpha'] } } })
    expect(names(list)).toEqual(['MetaMask', 'Sol Wallet', 'Wallet alpha'])
  })

  it("marks the last used wallet 'Recent' and shows 'Connect' on every installed row", async () => {
    const storage = createMemoryStorage()
    storage.set('foyer:connections', JSON.stringify([{ address: ADDRESS, connectorType: 'injected', walletClientType: 'alpha', connectedAt: 1 }]))
    const { list } = await openList([sol, eth], { storage })
    const first = within(list).getAllByRole('listitem')[0]!
    expect(first.textContent).toContain('Wallet alpha')
    expect(within(first).getByText('Recent')).toBeTruthy()
    expect(within(first).getByText('Connect').className).toBe('foyer-wallet-hint')
    expect(within(list).getAllByText('Recent')).toHaveLength(1)
  })

  it('links a missing EVM wallet to its install page', async () => {
    const { list } = await openList([missingMetamask])
    const link = within(list).getByRole('link', { name: /MetaMask/ })
    expect(link.getAttribute('href')).toBe('https://metamask.io/download/')
    expect(link.getAttribute('target')).toBe('_blank')
  })

  it('opens the install guide for a missing Solana wallet', async () => {
    const { list } = await openList([missingPhantom])
    fireEvent.click(within(list).getByRole('button', { name: /Phantom/ }))
    expect(await screen.findByText('Install Phantom')).toBeTruthy()
    expect(screen.getByText(/Install the Phantom extension/)).toBeTruthy()
    expect(screen.getByText(/Set up your wallet/)).toBeTruthy()
    expect(screen.getByText(/Store your recovery phrase/)).toBeTruthy()
    expect(screen.getByText('Reload the page to use your wallet')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Get Phantom' }).getAttribute('href')).toBe('https://phantom.app/download')
  })

  it('offers only chains that have a wallet sign-in plugin in a login flow', async () => {
    const { list } = await openList([eth, sol], { intent: 'login', plugins: [fakeWalletLogin] })
    expect(names(list)).toEqual(['Wallet alpha'])
  })
})

describe('wallet connect screen', () => {
  const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

  it('connect-only: connects, shows success, closes and reports the wallet to useWallets/useConnectWallet', async () => {
    const onSuccess = vi.fn()
    const onError = vi.fn()
    function Host() {
      const { wallets } = useWallets()
      const { connectWallet } = useConnectWallet({ onSuccess, onError })
      return (
        <>
          <button onClick={() => connectWallet()}>connect</button>
          <ul aria-label="connected">{wallets.map((w) => <li key={w.address}>{`${w.meta.name} ${w.address} ${w.chainId}`}</li>)}</ul>
        </>
      )
    }
    const connector = fakeConnector('alpha')
    const { foyer } = await renderWithFoyer(<Host />, { plugins: [fakeConnectorPlugin([connector])], config: { successDelayMs: 400 /* the success screen stays long enough to be seen on a busy machine */ }, wrap: (tree) => <StrictMode>{tree}</StrictMode> })
    fireEvent.click(screen.getByText('connect'))
    fireEvent.click(await screen.findByRole('button', { name: /Wallet alpha/ }))
    expect(await screen.findByText('Wallet connected')).toBeTruthy()
    await vi.waitFor(() => expect(foyer.$modal.peek().open).toBe(false))
    expect(screen.getByRole('list', { name: 'connected' }).textContent).toBe(`Wallet alpha ${ADDRESS} eip155:1`)
    expect(onSuccess).toHaveBeenCalledWith({ wallet: expect.objectContaining({ address: ADDRESS }) })
    expect(onError).not.toHaveBeenCalled()
    expect(connector.connect).toHaveBeenCalledTimes(1)
  })

  it("reports the connect-wallet error when the user closes without connecting", async () => {
    const onError = vi.fn()
    function Host() {
      const { connectWallet } = useConnectWallet({ onError })
      return <button onClick={() => connectWallet()}>connect</button>
    }
    const { foyer } = await renderWithFoyer(<Host />, { plugins: [fakeConnectorPlugin([fakeConnector('alpha')])] })
    fireEvent.click(screen.getByText('connect'))
    await screen.findByRole('list', { name: 'Wallets' })
    act(() => foyer.modal.close())
    expect(onError).toHaveBeenCalledWith('GENERIC_CONNECT_WALLET_ERROR')
  })

  it("shows the rejection with 'Retry', allows 2 retries, then 'Unable to connect wallet'", async () => {
    const connector = fakeConnector('alpha', { fail: rejected })
    await openList([connector])
    fireEvent.click(screen.getByRole('button', { name: /Wallet alpha/ }))
    for (let i = 0; i < 2; i++) {
      expect(await screen.findByText('The user rejected the request.')).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    }
    expect(await screen.findByRole('heading', { name: 'Unable to connect wallet' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(connector.connect).toHaveBeenCalledTimes(3)
  })

  it('connects after a retry when the wallet accepts the second time', async () => {
    let calls = 0
    const connector = fakeConnector('alpha', { fail: () => (calls++ === 0 ? rejected() : null) })
    const { foyer } = await openList([connector])
    fireEvent.click(screen.getByRole('button', { name: /Wallet alpha/ }))
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Wallet connected')).toBeTruthy()
    expect(foyer.wallets.$wallets.peek().map((w) => w.address)).toEqual([ADDRESS])
  })

  it("shows the spec's chain texts ('Unsupported chainId')", async () => {
    const connector = fakeConnector('alpha', { getChainId: async () => 'eip155:1', switchChain: async () => Promise.reject(new Error('nope')) })
    await openList([connector], { config: { supportedChains: [{ id: 5, name: 'Five', nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 }, rpcUrls: { default: { http: ['http://x'] } } }] } })
    fireEvent.click(screen.getByRole('button', { name: /Wallet alpha/ }))
    expect(await screen.findByText('Unsupported chainId')).toBeTruthy()
  })

  it('hands a login over to the wallet sign-in plugin with { address, connectorId }', async () => {
    await openList([fakeConnector('alpha')], { intent: 'login', plugins: [fakeWalletLogin] })
    fireEvent.click(screen.getByRole('button', { name: /Wallet alpha/ }))
    expect(await screen.findByText(`sign ${ADDRESS} via alpha`)).toBeTruthy()
  })

  it("offers 'Use a different wallet' when a sign-in plugin hands back a wallet linked to another user", async () => {
    const { ApiError } = await import('../../core/errors/index.js')
    const linked = new ApiError('This account has already been linked to another user.', { status: 400, serverCode: 'linked_to_another_user' })
    const { foyer } = await openList([fakeConnector('alpha')], { intent: 'login', plugins: [fakeWalletLogin] })
    act(() => foyer.modal.push('foyer/wallet-connect', { connectorId: 'alpha', error: linked }))
    expect(await screen.findByText('This account has already been linked to another user.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Use a different wallet' }))
    expect(await screen.findByRole('list', { name: 'Wallets' })).toBeTruthy()
  })

  it('counts a handed-back failure toward the retry limit and retries the whole connection', async () => {
    const connector = fakeConnector('alpha', { fail: rejected })
    const { foyer } = await openList([connector], { intent: 'login', plugins: [fakeWalletLogin] })
    act(() => foyer.modal.push('foyer/wallet-connect', { connectorId: 'alpha', error: rejected(), failures: 2 }))
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Unable to connect wallet' })).toBeTruthy()
    expect(connector.connect).toHaveBeenCalledTimes(1)
  })

  it('sends a handed-back allowlist rejection to the allowlist screen', async () => {
    const { BaseError } = await import('../../core/errors/index.js')
    const error = new BaseError('not allowed', { code: 'ALLOWLIST_REJECTED' })
    const { foyer } = await openList([fakeConnector('alpha')], { intent: 'login', plugins: [fakeWalletLogin] })
    act(() => foyer.modal.push('foyer/wallet-connect', { connectorId: 'alpha', error }))
    expect(await screen.findByText("You don't have access to this app")).toBeTruthy()
  })
})
