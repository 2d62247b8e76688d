// @vitest-environment happy-dom
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react'
import { StrictMode, type ReactNode } from 'react'
import { getWallets } from '@wallet-standard/app'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../email/server.js'
import { solana } from '../solana/index.js'
import { createTestServer, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { fakeSolanaWallet } from '../../test/kit/fakeSolanaWallet.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { FoyerContext } from '../../ui/FoyerContext.js'
import type { Foyer } from '../../core/client/types.js'
import { parseSiwsMessage } from './siwsMessage.js'
import { siws, useLoginWithSiws } from './index.js'
import { siwsServer } from './server.js'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({
    plugins: [emailServer(), siwsServer()],
    // The page runs on happy-dom's origin: the message's domain and URI must be allowed there.
    app: { solana_wallet_auth: true, allowed_origins: [TEST_ORIGIN, window.location.origin] },
  })
}, 60_000)
afterAll(() => server.close())
const unregisters: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const u of unregisters.splice(0)) u()
})

const fetch = ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof globalThis.fetch

/** Renders Foyer with solana + siws against the in-process server, registers a fake wallet and connects it. */
async function setup(name = 'Backpack', strict = false) {
  const fake = fakeSolanaWallet(name)
  unregisters.push(getWallets().register(fake.wallet))
  const rendered = await renderWithFoyer(null, {
    plugins: [solana(), siws()],
    fetch,
    appConfig: { solana_wallet_auth: true },
    ...(strict ? { wrap: (tree: ReactNode) => <StrictMode>{tree}</StrictMode> } : {}),
  })
  const { foyer } = rendered
  const connectorId = await waitFor(() => {
    const found = foyer.wallets.$connectors.peek().find((c) => c.name === name)
    if (!found) throw new Error('not discovered yet')
    return found.id
  })
  const wallet = await act(() => foyer.wallets.connect(connectorId))
  return { ...rendered, fake, connectorId, wallet }
}

describe('the SIWS sign screen', () => {
  it('registers the Solana wallet sign-in and a landing option behind solana_wallet_auth', () => {
    const plugin = siws()
    expect(plugin.walletLogin).toEqual({ chain: 'solana', screen: 'sign' })
    expect(plugin.meta).toMatchObject({ loginMethod: 'solana_wallet', group: 'wallet', serverFlag: 'solana_wallet_auth' })
  })

  it('signs the connected wallet in: the wallet signs a SIWS message for this page, the session becomes authenticated', async () => {
    const { foyer, fake, connectorId } = await setup()
    expect(foyer.registry.walletLogins.get('solana')).toBe('siws/sign')
    act(() => foyer.modal.open({ intent: 'login', screen: 'siws/sign', params: { address: fake.account.address, connectorId } }))
    await waitFor(() => expect(foyer.$session.peek().status).toBe('authenticated'), { timeout: 20_000 })
    const signed = parseSiwsMessage(fake.calls.signed[0]!)!
    expect(signed).toMatchObject({ domain: window.location.host, uri: window.location.origin, address: fake.account.address, chainId: 'mainnet', version: '1' })
    expect(signed.nonce).toMatch(/^[0-9a-f]{32}$/)
    const user = foyer.$session.peek().user!
    expect(user.linkedAccounts[0]).toMatchObject({ type: 'wallet', address: fake.account.address, chainType: 'solana', walletClientType: 'backpack', connectorType: 'solana_adapter' })
  })

  it('asks the wallet for one signature even in StrictMode (effects run twice)', async () => {
    const { foyer, fake, connectorId } = await setup('Strict', true)
    act(() => foyer.modal.open({ intent: 'login', screen: 'siws/sign', params: { address: fake.account.address, connectorId } }))
    await waitFor(() => expect(foyer.$session.peek().status).toBe('authenticated'), { timeout: 20_000 })
    expect(fake.calls.sign).toBe(1)
  })

  it('opened from the wallet list, hands a rejected signature back to the connection screen, whose retry signs in', async () => {
    const { foyer, fake, connectorId } = await setup('Phantom')
    fake.behaviour.rejectNextSignature = true
    act(() => foyer.modal.open({ intent: 'login', screen: 'siws/sign', params: { address: fake.account.address, connectorId } }))
    expect(await screen.findByText('The user rejected the request.', undefined, { timeout: 20_000 })).toBeTruthy()
    expect(foyer.$modal.peek().stack.at(-1)).toMatchObject({ id: 'foyer/wallet-connect', params: { connectorId, failures: 1 } })
    act(() => screen.getByRole('button', { name: 'Retry' }).click())
    await waitFor(() => expect(foyer.$session.peek().status).toBe('authenticated'), { timeout: 20_000 })
    expect(fake.calls.sign).toBe(2)
  })

  it('opened on its own, shows the rejection and signs in on "Try again"', async () => {
    const { foyer, fake } = await setup('Solflare')
    fake.behaviour.rejectNextSignature = true
    act(() => foyer.modal.open({ intent: 'login', screen: 'siws/sign', params: { address: fake.account.address } }))
    expect(await screen.findByText('Signature request was rejected', undefined, { timeout: 20_000 })).toBeTruthy()
    expect(foyer.$session.peek().status).toBe('unauthenticated')
    act(() => screen.getByRole('button', { name: 'Try again' }).click())
    await waitFor(() => expect(foyer.$session.peek().status).toBe('authenticated'), { timeout: 20_000 })
    expect(fake.calls.sign).toBe(2)
  })

  it('says the wallet is not connected when the address has no connected wallet', async () => {
    const { foyer } = await setup('Glow')
    act(() => foyer.modal.open({ intent: 'login', screen: 'siws/sign', params: { address: '11111111111111111111111111111111' } }))
    expect(await screen.findByText('Wallet is not currently connected', undefined, { timeout: 20_000 })).toBeTruthy()
  })

  it('links a Solana wallet to a signed-in user when the intent is link', async () => {
    const { foyer, fake, connectorId } = await setup('Nightly')
    const tokens = await server.login('siws-link-ui@example.com')
    await act(async () => foyer.session.handleTokenResponse(tokens))
    act(() => foyer.modal.open({ intent: 'link', screen: 'siws/sign', params: { address: fake.account.address, connectorId } }))
    await waitFor(() => expect(foyer.$session.peek().user?.linkedAccounts.map((a) => a.type)).toEqual(['email', 'wallet']), { timeout: 20_000 })
  })
})

describe('useLoginWithSiws', () => {
  it('generates the message, and logs in with the signature the app got from the wallet', async () => {
    const { foyer, fake, wallet } = await setup('Headless')
    const wrapper = ({ children }: { children: ReactNode }) => <FoyerContext.Provider value={foyer as Foyer}>{children}</FoyerContext.Provider>
    const completed: string[] = []
    const { result } = renderHook(() => useLoginWithSiws({ onComplete: (r) => completed.push(r.loginMethod) }), { wrapper })
    let message: string | null = null
    await act(async () => {
      message = await result.current.generateSiwsMessage({ address: fake.account.address })
    })
    expect(result.current.state.status).toBe('awaiting-signature')
    const signature = await wallet.sign(message!)
    await act(() => result.current.loginWithSiws({ message: message!, signature, walletClientType: 'headless' }))
    expect(result.current.state.status).toBe('done')
    expect(completed).toEqual(['siws'])
    expect(foyer.$session.peek().status).toBe('authenticated')
  })

  it('reports a refused signature as an error state with the code', async () => {
    const { foyer, fake } = await setup('Headless2')
    const wrapper = ({ children }: { children: ReactNode }) => <FoyerContext.Provider value={foyer as Foyer}>{children}</FoyerContext.Provider>
    const errors: string[] = []
    const { result } = renderHook(() => useLoginWithSiws({ onError: (code) => errors.push(code) }), { wrapper })
    let message: string | null = null
    await act(async () => {
      message = await result.current.generateSiwsMessage({ address: fake.account.address })
    })
    // A signature over other text than the message.
    const other = await foyer.wallets.$wallets.peek()[0]!.sign('something else')
    await act(() => expect(result.current.loginWithSiws({ message: message!, signature: other })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' }))
    expect(result.current.state.status).toBe('error')
    expect(errors).toEqual(['INVALID_CREDENTIALS'])
  })
})
