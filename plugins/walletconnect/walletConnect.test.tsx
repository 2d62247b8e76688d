// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { verifyMessage } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FoyerClientConfig } from '../../core/client/types.js'
import type { SupportedChain } from '../../core/client/wallets/createWallets.js'
import { definePlugin } from '../../core/client/plugin.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { FakeEip1193Wallet } from '../../test/standins/fakeEip1193Wallet.js'
import { walletConnect, type WalletConnectProvider, type WalletConnectProviderParameters } from './index.js'

const PROJECT_ID = 'a01b2c3d4e5f60718293a4b5c6d7e8f9'
const base: SupportedChain = { id: 8453, name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://rpc.example/base'] } } }

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function setup(options: { config?: FoyerClientConfig; projectId?: string | null; wallet?: FakeEip1193Wallet; plugins?: any[] } = {}) {
  const wallet = options.wallet ?? new FakeEip1193Wallet({ walletConnect: true, knownChains: [1, 8453] })
  const created: WalletConnectProviderParameters[] = []
  const plugin = walletConnect({
    createProvider: async (parameters) => {
      created.push(parameters)
      return wallet as unknown as WalletConnectProvider
    },
  })
  const projectId = options.projectId === undefined ? PROJECT_ID : options.projectId
  const rendered = await renderWithFoyer(null, {
    plugins: [plugin, ...(options.plugins ?? [])],
    config: options.config ?? {},
    appConfig: { name: 'WC Test App', wallet_connect_cloud_project_id: projectId },
  })
  return { ...rendered, wallet, created }
}

/** A plugin with one screen 'demo/start' standing for the wallet list's awaiting screen. */
const demo = definePlugin({ id: 'demo', kind: 'feature', screens: { start: { load: async () => ({ default: () => <p>Awaiting wallet</p> }) } } })

const qr = () => screen.findByRole('img', { name: 'WalletConnect QR code' }, { timeout: 5000 })

/** Starts wallets.connect and waits for the QR screen. */
async function startPairing(foyer: Awaited<ReturnType<typeof setup>>['foyer']) {
  let result!: Promise<any>
  act(() => {
    result = foyer.wallets.connect('wallet_connect')
    result.catch(() => {})
  })
  const image = await qr()
  return { result, image }
}

describe('the WalletConnect connector', () => {
  it('is listed once the app config has a project id, and not when walletConnect is disabled', async () => {
    const { foyer, created } = await setup()
    expect(foyer.wallets.$connectors.value).toMatchObject([{ id: 'wallet_connect', connectorType: 'wallet_connect_v2', walletClientType: 'wallet_connect', name: 'WalletConnect', chain: 'ethereum' }])
    expect(created).toHaveLength(0) // No SDK until used.
    cleanup()
    const { foyer: noProject } = await setup({ projectId: null })
    expect(noProject.wallets.$connectors.value).toEqual([])
    cleanup()
    const { foyer: disabled } = await setup({ config: { externalWallets: { walletConnect: { enabled: false } } } })
    expect(disabled.wallets.$connectors.value).toEqual([])
  })

  it('shows the pairing URI as a QR code in a connect-only modal and connects when the wallet approves', async () => {
    const { foyer, wallet, created } = await setup({ config: { supportedChains: [base] } })
    const { result, image } = await startPairing(foyer)
    expect(foyer.$modal.peek()).toMatchObject({ open: true, intent: null, stack: [{ id: 'walletconnect/qr' }] })
    expect(image.getAttribute('data-value')).toMatch(/^wc:[0-9a-f]{64}@2\?relay-protocol=irn&symKey=/)
    expect(screen.getByText('Waiting for your wallet…')).toBeTruthy()
    expect(created[0]).toMatchObject({ projectId: PROJECT_ID, chains: [8453], rpcMap: { '8453': 'https://rpc.example/base' }, metadata: { name: 'WC Test App', url: location.origin } })

    act(() => wallet.approve())
    const connected = await result
    // The wallet was on chain 1; the host supports Base only, so the connection switched it.
    expect(connected).toMatchObject({ address: wallet.address, chainId: 'eip155:8453', connectorType: 'wallet_connect_v2', walletClientType: 'wallet_connect' })
    expect(wallet.calls.filter((c) => c.method === 'wallet_switchEthereumChain')).toHaveLength(1)
    expect(foyer.$modal.peek().open).toBe(false)
  })

  it("'Copy link' copies the URI and shows 'Copied!' for 1.5 s", async () => {
    const { foyer } = await setup()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { image } = await startPairing(foyer)
    vi.useFakeTimers()
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(writeText).toHaveBeenCalledWith(image.getAttribute('data-value'))
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(1400))
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(100))
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()
  })

  it('reads the pairing URI again every 500 ms (a new URI replaces an expired one)', async () => {
    const { foyer, wallet } = await setup()
    const { image } = await startPairing(foyer)
    const first = image.getAttribute('data-value')
    vi.useFakeTimers()
    const next = `wc:${'cd'.repeat(32)}@2?relay-protocol=irn&symKey=${'1'.repeat(64)}`
    act(() => wallet.refreshUri(next))
    act(() => vi.advanceTimersByTime(499))
    expect(screen.getByTestId('foyer-qrcode').getAttribute('data-value')).toBe(first)
    act(() => vi.advanceTimersByTime(1))
    vi.useRealTimers()
    await waitFor(() => expect(screen.getByTestId('foyer-qrcode').getAttribute('data-value')).toBe(next))
  })

  it('pushes the QR screen over an open flow and pops it on approval', async () => {
    const { foyer, wallet } = await setup({ plugins: [demo] })
    act(() => foyer.modal.open({ intent: 'login', screen: 'demo/start' }))
    const { result } = await startPairing(foyer)
    expect(foyer.$modal.peek().stack.map((e) => e.id)).toEqual(['demo/start', 'walletconnect/qr'])
    act(() => wallet.approve())
    await result
    expect(foyer.$modal.peek()).toMatchObject({ open: true, intent: 'login' })
    expect(foyer.$modal.peek().stack.map((e) => e.id)).toEqual(['demo/start'])
  })

  it('closing the modal during pairing rejects with UserRejectedRequestError and aborts the pairing', async () => {
    const { foyer, wallet } = await setup()
    const { result } = await startPairing(foyer)
    act(() => foyer.modal.close())
    await expect(result).rejects.toMatchObject({ code: 'USER_REJECTED_REQUEST' })
    expect(wallet.aborted).toBe(1)
    expect(wallet.listenerCount('display_uri')).toBe(0)
    expect(foyer.wallets.$wallets.value).toEqual([])
  })

  it('a proposal the wallet rejects fails with USER_REJECTED_REQUEST and takes the QR screen away', async () => {
    const { foyer, wallet } = await setup({ plugins: [demo] })
    act(() => foyer.modal.open({ intent: 'login', screen: 'demo/start' }))
    const { result } = await startPairing(foyer)
    act(() => wallet.reject())
    await expect(result).rejects.toMatchObject({ code: 'USER_REJECTED_REQUEST' })
    expect(foyer.$modal.peek().stack.map((e) => e.id)).toEqual(['demo/start'])
  })

  it('signs, switches chain, follows session events and disconnects the session', async () => {
    const { foyer, wallet } = await setup()
    const { result } = await startPairing(foyer)
    act(() => wallet.approve())
    const connected = await result
    const signature = (await connected.sign('Hello from Foyer')) as `0x${string}`
    expect(await verifyMessage({ address: wallet.account.address, message: 'Hello from Foyer', signature })).toBe(true)
    await connected.switchChain(8453)
    expect(foyer.wallets.$wallets.value[0]!.chainId).toBe('eip155:8453')
    await waitFor(() => expect(wallet.listenerCount('chainChanged')).toBe(1))
    act(() => wallet.emit('chainChanged', '0x1'))
    expect(foyer.wallets.$wallets.value[0]!.chainId).toBe('eip155:1')

    await connected.disconnect()
    expect(wallet.disconnected).toBe(1)
    // Ending a WalletConnect session is disconnect(), never a permission request relayed to the phone.
    expect(wallet.calls.some((c) => c.method === 'wallet_revokePermissions')).toBe(false)
    expect(foyer.wallets.$wallets.value).toEqual([])
  })

  it('a session ended on the phone (disconnect event) clears the wallet; reads without a session answer like a disconnected wallet', async () => {
    const { foyer, wallet } = await setup()
    const { result } = await startPairing(foyer)
    act(() => wallet.approve())
    await result
    const disconnected = vi.fn()
    foyer.emitter.on('disconnected', disconnected)
    // The connector subscribes to the provider's events once its (lazy) provider has resolved.
    await waitFor(() => expect(wallet.listenerCount('disconnect')).toBe(1))
    await act(() => wallet.disconnect())
    expect(foyer.wallets.$wallets.value).toEqual([])
    expect(disconnected).toHaveBeenCalledTimes(1)
    const connector = foyer.wallets.$connectors.value[0]!
    expect(await connector.getAccounts()).toEqual([])
    await expect(connector.getChainId()).rejects.toMatchObject({ rpcCode: 4900 })
  })

  it('on a phone shows an "Open wallet app" deep link instead of the QR code', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1')
    const { foyer, wallet } = await setup()
    act(() => void foyer.wallets.connect('wallet_connect').catch(() => {}))
    const link = await screen.findByRole('link', { name: 'Open wallet app' }, { timeout: 5000 })
    expect(link.getAttribute('href')).toMatch(/^wc:/)
    expect(screen.queryByRole('img', { name: 'WalletConnect QR code' })).toBeNull()
    expect(screen.getByText('Open your wallet app to connect.')).toBeTruthy()
    act(() => wallet.approve())
  })

  it('imports @walletconnect/ethereum-provider only dynamically (never in the initial JS)', () => {
    for (const file of ['index.ts', 'walletConnectConnector.ts', 'walletConnectProvider.ts', 'walletConnectExports.ts', 'pairingSession.ts', 'timing.ts']) {
      const source = readFileSync(`${process.cwd()}/plugins/walletconnect/${file}`, 'utf8')
      expect(source).not.toMatch(/^import(?!\s+type)[^\n]*['"]@walletconnect\//m)
    }
    // The connector (built at page load) loads its provider half on first use, and that half loads the SDK.
    expect(readFileSync(`${process.cwd()}/plugins/walletconnect/walletConnectConnector.ts`, 'utf8')).toContain("import('./walletConnectProvider.js')")
    expect(readFileSync(`${process.cwd()}/plugins/walletconnect/walletConnectProvider.ts`, 'utf8')).toContain("await import('@walletconnect/ethereum-provider')")
  })
})
