// @vitest-environment happy-dom
import { act, cleanup, render, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFoyer } from '../../core/client/createFoyer.js'
import { definePlugin, type FoyerPlugin } from '../../core/client/plugin.js'
import { createMemoryStorage } from '../../core/client/storage.js'
import type { Foyer } from '../../core/client/types.js'
import { BaseError } from '../../core/errors/index.js'
import type { RawUser } from '../../core/protocol/index.js'
import { handlerFetch, KIT_API_URL, KIT_APP_ID } from '../../test/kit/renderWithFoyer.js'
import { FoyerContext } from '../../ui/FoyerContext.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { smartWallets, type SmartWalletsState } from '../smart-wallets/index.js'
import { useSmartWallets } from './smartWallets.js'
import { PrivyProvider, useSessionSigners, usePrivy, useCreateWallet, useSendTransaction, useSignMessage, useSignTransaction, useSignTypedData, useLogin } from './index.js'

const cleanups: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const c of cleanups.splice(0)) c()
})

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
const accessToken = `${b64({ alg: 'ES256' })}.${b64({ aud: KIT_APP_ID, exp: Math.floor(Date.now() / 1000) + 3600 })}.s`
const wallet = { type: 'wallet', address: '0xAbC', chainType: 'ethereum', walletClientType: 'privy', connectorType: 'embedded', walletIndex: 0, verifiedAt: 1_700_000_000, firstVerifiedAt: 1_700_000_000, latestVerifiedAt: 1_700_000_100 }
const user: RawUser = {
  id: 'did:foyer:u1',
  createdAt: 1_700_000_000,
  linkedAccounts: [
    { type: 'phone', number: '+15555550100', verifiedAt: 1, firstVerifiedAt: 1, latestVerifiedAt: 1 },
    { type: 'google_oauth', subject: 'g-123', email: 'a@example.com', verifiedAt: 1, firstVerifiedAt: 1, latestVerifiedAt: 1 },
    { type: 'farcaster', fid: 42, ownerAddress: '0x1', username: 'al', verifiedAt: 1, firstVerifiedAt: null, latestVerifiedAt: null },
    wallet,
  ],
  mfaMethods: ['totp'],
  hasAcceptedTerms: true,
  isGuest: false,
}

/** A stand-in for the embedded wallet: useFoyer() actions answering as embeddedWallet()'s do (the hook adapters' input). */
function walletStub(overrides: Record<string, (...args: any[]) => Promise<unknown>> = {}) {
  const calls = {
    signMessage: vi.fn(async () => '0x5167' as const),
    signTypedData: vi.fn(async () => '0x7d' as const),
    sendTransaction: vi.fn(async () => ({ hash: '0xha5h' as const, receipt: { status: 'success' } })),
    signTransaction: vi.fn(async () => ({ signature: '0x5e1f' as const })),
    createWallet: vi.fn(async () => wallet),
    ...overrides,
  }
  return { calls, plugin: definePlugin({ id: 'wallet-stub', kind: 'feature', actions: () => calls }) }
}

async function renderKernelHook<T>(hook: () => T, plugins: FoyerPlugin[], signedIn = false) {
  const foyer: Foyer = createFoyer({ appId: KIT_APP_ID, apiUrl: KIT_API_URL, plugins, fetch: handlerFetch().fetch, storage: createMemoryStorage() })
  const wrapper = ({ children }: { children: ReactNode }) => <FoyerContext.Provider value={foyer}>{children}</FoyerContext.Provider>
  const rendered = renderHook(hook, { wrapper })
  await act(() => foyer.init())
  cleanups.push(() => foyer.destroy())
  if (signedIn) act(() => foyer.session.handleTokenResponse({ user, token: accessToken, refresh_token: 'r', session_update_action: 'set' } as never))
  return { foyer, result: rendered.result }
}

describe("the compat wallet hooks (Privy's result shapes over Foyer's actions)", () => {
  it('useSignMessage resolves { signature } and hands onSuccess the same; the options reach the wallet', async () => {
    const { calls, plugin } = walletStub()
    const onSuccess = vi.fn()
    const { result } = await renderKernelHook(() => useSignMessage({ onSuccess }), [plugin])
    const options = { uiOptions: { title: 'Sign in' }, address: '0xAbC' }
    await expect(result.current.signMessage({ message: 'hello' }, options)).resolves.toEqual({ signature: '0x5167' })
    expect(calls.signMessage).toHaveBeenCalledWith({ message: 'hello' }, options)
    expect(onSuccess).toHaveBeenCalledWith({ signature: '0x5167' })
  })

  it('useSignTypedData resolves { signature }', async () => {
    const { plugin } = walletStub()
    const { result } = await renderKernelHook(() => useSignTypedData(), [plugin])
    const typedData = { types: { Mail: [{ name: 'a', type: 'string' }] }, primaryType: 'Mail', domain: {}, message: { a: 'x' } }
    await expect(result.current.signTypedData(typedData)).resolves.toEqual({ signature: '0x7d' })
  })

  it("useSendTransaction resolves Privy's { hash } only (no receipt), and passes only uiOptions and address on", async () => {
    const { calls, plugin } = walletStub()
    const onSuccess = vi.fn()
    const { result } = await renderKernelHook(() => useSendTransaction({ onSuccess }), [plugin])
    const sent = await result.current.sendTransaction({ to: '0x1', value: 1n }, { sponsor: true, uiOptions: { buttonText: 'Pay' }, address: '0xAbC' })
    expect(sent).toEqual({ hash: '0xha5h' })
    expect(calls.sendTransaction).toHaveBeenCalledWith({ to: '0x1', value: 1n }, { uiOptions: { buttonText: 'Pay' }, address: '0xAbC' })
    expect(onSuccess).toHaveBeenCalledWith({ hash: '0xha5h' })
  })

  it('useSignTransaction resolves { signature }', async () => {
    const { plugin } = walletStub()
    const { result } = await renderKernelHook(() => useSignTransaction(), [plugin])
    await expect(result.current.signTransaction({ to: '0x1' })).resolves.toEqual({ signature: '0x5e1f' })
  })

  it("useCreateWallet resolves Privy's Wallet and calls onSuccess({ wallet }); a click event is no options", async () => {
    const { calls, plugin } = walletStub()
    const onSuccess = vi.fn()
    const { result } = await renderKernelHook(() => useCreateWallet({ onSuccess }), [plugin])
    const created = await result.current.createWallet({ nativeEvent: {} })
    expect(created).toMatchObject({ address: '0xAbC', walletIndex: 0, imported: false, delegated: false, firstVerifiedAt: new Date(1_700_000_000_000) })
    expect(calls.createWallet).toHaveBeenCalledWith({})
    expect(onSuccess).toHaveBeenCalledWith({ wallet: created })
  })

  it("a rejection still rejects, and onError gets Privy's lower-case code (a refusal is 'unable_to_sign')", async () => {
    const refused = new BaseError('The user rejected the request.', { code: 'USER_REJECTED_REQUEST' })
    const { plugin } = walletStub({ signMessage: async () => Promise.reject(refused) })
    const onError = vi.fn()
    const { result } = await renderKernelHook(() => useSignMessage({ onError }), [plugin])
    await expect(result.current.signMessage({ message: 'x' })).rejects.toBe(refused)
    expect(onError).toHaveBeenCalledWith('unable_to_sign')
  })

  it('without an embedded wallet plugin each function rejects EMBEDDED_WALLET_NOT_LOADED', async () => {
    const { result } = await renderKernelHook(() => useSendTransaction(), [])
    await expect(result.current.sendTransaction({ to: '0x1' })).rejects.toMatchObject({ code: 'EMBEDDED_WALLET_NOT_LOADED' })
  })
})

describe("usePrivy (Privy's shape over the kernel)", () => {
  it("gives Privy's user: Dates, typed phone number, subjects, fid, and mfaMethods", async () => {
    const { result } = await renderKernelHook(() => usePrivy(), [], true)
    const privy = result.current
    expect(privy.ready).toBe(true)
    expect(privy.authenticated).toBe(true)
    expect(privy.user!.createdAt).toEqual(new Date(1_700_000_000_000))
    expect(privy.user!.phone!.number.slice(-4)).toBe('0100')
    expect(privy.user!.google).toMatchObject({ subject: 'g-123', email: 'a@example.com', name: null })
    expect(privy.user!.farcaster!.fid! + 1).toBe(43)
    expect(privy.user!.farcaster).toMatchObject({ displayName: null, signerPublicKey: null, firstVerifiedAt: null })
    expect(privy.user!.wallet).toMatchObject({ address: '0xAbC', imported: false, delegated: false, latestVerifiedAt: new Date(1_700_000_100_000) })
    expect(privy.mfaMethods).toEqual(['totp'])
    expect(privy.error).toBeNull()
  })

  it('signMessage on usePrivy resolves { signature } too; headless MFA enrollment rejects NOT_SUPPORTED', async () => {
    const { plugin } = walletStub()
    const { result } = await renderKernelHook(() => usePrivy(), [plugin], true)
    await expect(result.current.signMessage({ message: 'x' })).resolves.toEqual({ signature: '0x5167' })
    await expect(result.current.initEnrollmentWithTotp()).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
  })

  it("PrivyProvider defaults apiUrl to the page's origin; useLogin's onError gets Privy's code when the user closes the modal", async () => {
    const onError = vi.fn()
    let foyer: Foyer | null = null
    let login: ReturnType<typeof useLogin>['login'] = () => {}
    function App() {
      foyer = useFoyerKernel()
      login = useLogin({ onError }).login
      return null
    }
    render(
      <PrivyProvider appId={KIT_APP_ID} plugins={[]} fetch={handlerFetch().fetch} storage={createMemoryStorage()}>
        <App />
      </PrivyProvider>,
    )
    const kernel = foyer as unknown as Foyer
    expect(kernel.apiUrl).toBe(location.origin)
    await act(() => kernel.init())
    act(() => login({ nativeEvent: {} } as never))
    expect(kernel.$modal.peek().open).toBe(true)
    act(() => kernel.modal.close())
    expect(onError).toHaveBeenCalledWith('exited_auth_flow')
  })
})

describe('useSessionSigners and useSmartWallets', () => {
  it("addSessionSigners delegates the Solana wallet (Foyer's delegated actions) and answers { user }; an Ethereum address is refused", async () => {
    const delegateWallet = vi.fn(async () => {})
    const revokeWallets = vi.fn(async () => {})
    const stub = definePlugin({ id: 'delegation-stub', kind: 'feature', actions: () => ({ delegateWallet, revokeWallets }) })
    const { result } = await renderKernelHook(() => useSessionSigners(), [stub], true)
    const { user: after } = await result.current.addSessionSigners({ address: 'So1ana111', signers: [{ signerId: 'quorum' }] })
    expect(delegateWallet).toHaveBeenCalledWith({ address: 'So1ana111', chainType: 'solana' })
    expect(after.id).toBe('did:foyer:u1')
    await expect(result.current.addSessionSigners({ address: '0xAbC', signers: [] })).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN_TYPE' })
    await result.current.removeSessionSigners({ address: 'So1ana111' })
    expect(revokeWallets).toHaveBeenCalledOnce()
  })

  it("useSmartWallets' client sends one call (calls: [one] too) on its own chain, and refuses another chain or a batch", async () => {
    const send = vi.fn(async () => '0x77' as const)
    const client = { account: { address: '0x5a' as const }, chain: { id: 8453, name: 'Base' }, smartWalletType: 'simple' as const, sponsored: true, sendTransaction: send, signMessage: vi.fn(), signTypedData: vi.fn() }
    const { foyer, result } = await renderKernelHook(() => useSmartWallets(), [smartWallets()])
    expect(result.current.client).toBeUndefined()
    act(() => void (foyer.pluginState<SmartWalletsState>('smart-wallets').client.value = client))
    const adapted = result.current.client!
    await expect(adapted.sendTransaction({ chain: { id: 8453 }, to: '0x1', value: 5n }, { uiOptions: { description: 'Pay' } })).resolves.toBe('0x77')
    expect(send).toHaveBeenCalledWith({ to: '0x1', value: 5n }, { uiOptions: { description: 'Pay' } })
    await expect(adapted.sendTransaction({ calls: [{ to: '0x2' }] })).resolves.toBe('0x77')
    await expect(adapted.sendTransaction({ chain: { id: 1 }, to: '0x1' })).rejects.toMatchObject({ code: 'UNSUPPORTED_CHAIN_ID' })
    await expect(adapted.sendTransaction({ calls: [{ to: '0x2' }, { to: '0x3' }] })).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    await expect(result.current.getClientForChain({ id: 1 })).resolves.toBeUndefined()
  })
})
