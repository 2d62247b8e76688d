// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { emailServer } from '../email/server.js'
import { injected } from '../injected/index.js'
import { createTestServer, TEST_ORIGIN, type TestServer } from '../../test/kit/createTestServer.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { FoyerContext } from '../../ui/FoyerContext.js'
import type { Foyer } from '../../core/client/types.js'
import type { ConnectedWallet } from '../../core/client/wallets/types.js'
import { siwe, signInWithWallet, useLoginWithSiwe } from './index.js'
import { siweServer } from './server.js'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({
    plugins: [emailServer(), siweServer()],
    // The page runs on happy-dom's origin: the message's domain and URI must be allowed there.
    app: { wallet_auth: true, allowed_origins: [TEST_ORIGIN, window.location.origin] },
  })
}, 60_000)
afterAll(() => server.close())
const stops: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const stop of stops.splice(0)) stop()
})

const fetch = ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof globalThis.fetch

/** An EIP-6963 wallet in the page whose key is a viem local account; `rejectNext` answers 4001 once. */
function announceWallet(name: string, account: PrivateKeyAccount) {
  const state = { rejectNext: false, signed: [] as string[] }
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account.address]
      if (method === 'eth_chainId') return '0x1'
      if (method === 'personal_sign') {
        if (state.rejectNext) {
          state.rejectNext = false
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        }
        const raw = String(params?.[0]) as `0x${string}`
        state.signed.push(Buffer.from(raw.slice(2), 'hex').toString('utf8'))
        return account.signMessage({ message: { raw } })
      }
      throw Object.assign(new Error('Unsupported'), { code: 4200 })
    },
    on() {},
    removeListener() {},
  }
  const detail = Object.freeze({ info: { uuid: crypto.randomUUID(), name, icon: 'data:image/svg+xml,<svg/>', rdns: `dev.foyer.${name.toLowerCase()}` }, provider })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  stops.push(() => window.removeEventListener('eip6963:requestProvider', announce))
  announce()
  return state
}

async function setup(name: string) {
  const account = privateKeyToAccount(generatePrivateKey())
  const state = announceWallet(name, account)
  const rendered = await renderWithFoyer(null, { plugins: [injected(), siwe()], fetch, appConfig: { wallet_auth: true } })
  const { foyer } = rendered
  const connectorId = await waitFor(() => {
    const found = foyer.wallets.$connectors.peek().find((c) => c.name === name)
    if (!found) throw new Error('not discovered yet')
    return found.id
  })
  const wallet = await act(() => foyer.wallets.connect(connectorId))
  return { ...rendered, account, state, connectorId, wallet }
}

describe('the SIWE plugin', () => {
  it("declares the wallet landing entry behind wallet_auth and the Ethereum wallet sign-in screen", () => {
    const plugin = siwe()
    expect(plugin.walletLogin).toEqual({ chain: 'ethereum', screen: 'sign' })
    expect(plugin.meta).toMatchObject({ loginMethod: 'wallet', group: 'wallet', serverFlag: 'wallet_auth' })
  })

  it('signs the connected wallet in with an EIP-4361 message for this page', async () => {
    const { foyer, account, state, connectorId } = await setup('Alpha')
    expect(foyer.registry.walletLogins.get('ethereum')).toBe('siwe/sign')
    act(() => foyer.modal.open({ intent: 'login', screen: 'siwe/sign', params: { address: account.address, connectorId } }))
    await waitFor(() => expect(foyer.$session.peek().status).toBe('authenticated'), { timeout: 20_000 })
    expect(foyer.$session.peek().user?.wallet).toMatchObject({ type: 'wallet', address: account.address, chainType: 'ethereum', chainId: 'eip155:1', connectorType: 'injected' })
    const parsed = parseSiweMessage(state.signed[0]!)
    expect(parsed).toMatchObject({ domain: window.location.host, uri: window.location.origin, address: account.address, chainId: 1, version: '1' })
    expect(parsed.statement).toMatch(/^By signing, you are proving you own this wallet/)
  })

  it('hands a rejected signature back to the connect screen with the rejection and one failure counted', async () => {
    const { foyer, account, state, connectorId } = await setup('Beta')
    state.rejectNext = true
    act(() => foyer.modal.open({ intent: 'login', screen: 'siwe/sign', params: { address: account.address, connectorId } }))
    await waitFor(() => expect(foyer.$modal.peek().stack.at(-1)?.id).toBe('foyer/wallet-connect'), { timeout: 20_000 })
    const top = foyer.$modal.peek().stack.at(-1)!
    expect(top.params).toMatchObject({ connectorId, failures: 1 })
    expect(top.params.error.code).toBe('USER_REJECTED_REQUEST')
    expect(foyer.$session.peek().status).toBe('unauthenticated')
  })

  it('links a wallet to a signed-in user when the intent is link', async () => {
    const { foyer, account, connectorId } = await setup('Gamma')
    const tokens = await server.login('siwe-link-ui@example.com')
    await act(async () => foyer.session.handleTokenResponse(tokens))
    act(() => foyer.modal.open({ intent: 'link', screen: 'siwe/sign', params: { address: account.address, connectorId } }))
    await waitFor(() => expect(foyer.$session.peek().user?.linkedAccounts.map((a) => a.type)).toEqual(['email', 'wallet']), { timeout: 20_000 })
  })
})

describe('the signature prompt delay', () => {
  it('waits before prompting a WalletConnect wallet, and not an injected one', async () => {
    const { foyer, wallet } = await setup('Delta')
    const timed = (connectorType: string) => {
      const times: number[] = []
      const fake: ConnectedWallet = { ...wallet, connectorType, sign: async () => (times.push(Date.now()), '0x00') }
      const steps: Array<[string, number]> = []
      return { fake, steps, times }
    }
    for (const [type, min] of [['wallet_connect_v2', 2_400], ['injected', 0]] as const) {
      const { fake, steps, times } = timed(type)
      await signInWithWallet(foyer as Foyer, fake, { intent: 'login', onStep: (s) => steps.push([s, Date.now()]) }).catch(() => {})
      const generated = steps.find(([s]) => s === 'generating-message')![1]
      const waited = times[0]! - generated
      expect(waited).toBeGreaterThanOrEqual(min)
      if (min === 0) expect(waited).toBeLessThan(2_000)
    }
  }, 30_000)
})

describe('useLoginWithSiwe', () => {
  it('generates the message, and logs in with the signature the app got from the wallet', async () => {
    const { foyer, account, wallet } = await setup('Headless')
    const wrapper = ({ children }: { children: ReactNode }) => <FoyerContext.Provider value={foyer as Foyer}>{children}</FoyerContext.Provider>
    const completed: string[] = []
    const { result } = renderHook(() => useLoginWithSiwe({ onComplete: (r) => completed.push(r.loginMethod) }), { wrapper })
    let message = ''
    await act(async () => {
      message = await result.current.generateSiweMessage({ address: account.address, chainId: 'eip155:1' })
    })
    expect(result.current.state.status).toBe('awaiting-signature')
    const signature = await wallet.sign(message)
    await act(async () => {
      await result.current.loginWithSiwe({ message, signature, walletClientType: 'metamask', connectorType: 'injected' })
    })
    expect(result.current.state.status).toBe('done')
    expect(completed).toEqual(['siwe'])
    expect(foyer.$session.peek().user?.wallet).toMatchObject({ address: account.address, walletClientType: 'metamask' })
  })

  it('reports a refused signature as an error state and onError', async () => {
    const { foyer, account } = await setup('Refused')
    const wrapper = ({ children }: { children: ReactNode }) => <FoyerContext.Provider value={foyer as Foyer}>{children}</FoyerContext.Provider>
    const codes: string[] = []
    const { result } = renderHook(() => useLoginWithSiwe({ onError: (c) => codes.push(c) }), { wrapper })
    let message = ''
    await act(async () => {
      message = await result.current.generateSiweMessage({ address: account.address, chainId: 1 })
    })
    const stranger = privateKeyToAccount(generatePrivateKey())
    await act(async () => {
      await result.current.loginWithSiwe({ message, signature: await stranger.signMessage({ message }) }).catch(() => {})
    })
    expect(result.current.state.status).toBe('error')
    expect(result.current.state.error?.shortMessage).toBe('Unable to authorize user')
    expect(codes).toEqual(['INVALID_CREDENTIALS'])
    expect(foyer.$session.peek().status).toBe('unauthenticated')
  })
})
