// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react'
import { ed25519 } from '@noble/curves/ed25519'
import { getWallets } from '@wallet-standard/app'
import bs58 from 'bs58'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Foyer } from '../../../core/client/types.js'
import type { RawUser } from '../../../core/protocol/index.js'
import { embeddedSolanaAccount, embeddedWalletAccount, fakeWalletFrame, kitUser, startKitFoyer } from '../../../test/kit/fakeWalletFrame.js'
import { fakeSolanaWallet } from '../../../test/kit/fakeSolanaWallet.js'
import type { RouteHandler } from '../../../test/kit/renderWithFoyer.js'
import { FoyerContext } from '../../../ui/FoyerContext.js'
import { useSolanaWallets } from '../../../ui/hooks/useWallets.js'
import { solana } from '../../solana/index.js'
import { frameEvents } from '../../wallet-frame/index.js'
import { embeddedWallet } from '../index.js'

const cleanups: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const c of cleanups.splice(0)) c()
})

/** A kernel with the embedded wallet over the fake frame, the solana() connector plugin, and useSolanaWallets() rendered. */
async function setup(routes: Record<string, RouteHandler> = {}) {
  const frame = fakeWalletFrame()
  const kit = await startKitFoyer([solana(), { ...embeddedWallet({ showWalletUIs: false }), state: () => frame.state }], {}, routes)
  cleanups.push(() => kit.foyer.destroy())
  const wrapper = ({ children }: { children: ReactNode }) => <FoyerContext.Provider value={kit.foyer}>{children}</FoyerContext.Provider>
  const hook = renderHook(() => useSolanaWallets(), { wrapper })
  const address = frame.solanaKeypair(0).address
  return { ...kit, frame, hook, address, signIn: (user: RawUser) => act(() => kit.signIn(user)) }
}

const rows = (foyer: Foyer) => foyer.wallets.$wallets.value.filter((w) => w.type === 'solana').map((w) => `${w.connectorType} ${w.walletClientType} ${w.address} ${w.chainId}`)

describe('the embedded Solana wallet in useSolanaWallets()', () => {
  it('is listed first once the user has one (privy, embedded, solana:mainnet), before an external Solana wallet connected earlier', async () => {
    const backpack = fakeSolanaWallet('Backpack')
    cleanups.push(getWallets().register(backpack.wallet))
    const { foyer, hook, signIn, address, frame } = await setup()
    await vi.waitFor(() => expect(foyer.wallets.$connectors.value.some((c) => c.id === 'solana:backpack')).toBe(true))
    await act(() => foyer.wallets.connect('solana:backpack'))
    expect(hook.result.current.wallets.map((w) => w.walletClientType)).toEqual(['backpack'])

    signIn(kitUser([embeddedWalletAccount(frame.account(0).address), embeddedSolanaAccount(address)]))
    await vi.waitFor(() => expect(hook.result.current.wallets).toHaveLength(2))
    const [first, second] = hook.result.current.wallets
    expect(first).toMatchObject({ type: 'solana', address, chainId: 'solana:mainnet', walletClientType: 'privy', connectorType: 'embedded', imported: false })
    expect(first!.meta).toMatchObject({ name: 'Foyer Wallet', id: `embedded:${address}` })
    expect(second!.walletClientType).toBe('backpack')
    // The Ethereum one stays in useWallets() only, first of all.
    expect(foyer.wallets.$wallets.value.map((w) => w.type)).toEqual(['ethereum', 'solana', 'solana'])

    // Registered with wallet-standard for dapps, the page's own Solana discovery doesn't list it as an external wallet.
    expect(getWallets().get().some((w) => w.name === 'Foyer Wallet')).toBe(true)
    expect(foyer.wallets.$connectors.value.filter((c) => c.name === 'Foyer Wallet').map((c) => c.connectorType)).toEqual(['embedded', 'embedded'])
  })

  it("signMessage(bytes) signs in the frame (the solana rpc's signMessage): an ed25519 signature by the address; sign(text) answers base58", async () => {
    const { foyer, hook, signIn, address, frame } = await setup()
    signIn(kitUser([embeddedSolanaAccount(address)]))
    await vi.waitFor(() => expect(hook.result.current.wallets).toHaveLength(1))
    const wallet = hook.result.current.wallets[0]!
    const message = new TextEncoder().encode('Hello from useSolanaWallets')
    const signature = await wallet.signMessage(message)
    expect(signature).toHaveLength(64)
    expect(ed25519.verify(signature, message, bs58.decode(address))).toBe(true)
    const rpc = frame.calls.filter((c) => c.event === frameEvents.solanaRpc)
    expect(rpc).toHaveLength(1)
    expect(rpc[0]!.data).toMatchObject({ address, request: { method: 'signMessage', params: { message: Buffer.from(message).toString('base64') } } })

    const text = await wallet.sign('Hello as text')
    expect(ed25519.verify(bs58.decode(text), new TextEncoder().encode('Hello as text'), bs58.decode(address))).toBe(true)
    // Its provider is the wallet-standard wallet the page registered.
    const provider = (await wallet.getEthereumProvider()) as { name: string; isFoyerWallet: boolean }
    expect(provider).toMatchObject({ name: 'Foyer Wallet', isFoyerWallet: true })
    expect(getWallets().get()).toContain(provider)
    expect(rows(foyer)).toEqual([`embedded privy ${address} solana:mainnet`])
  })

  it('lists every embedded Solana wallet in walletIndex order, and leaves with the session', async () => {
    const { foyer, hook, signIn, frame } = await setup()
    const [s0, s1] = [0, 1].map((i) => frame.solanaKeypair(i).address)
    signIn(kitUser([embeddedSolanaAccount(s1!, 1), embeddedSolanaAccount(s0!, 0)]))
    await vi.waitFor(() => expect(hook.result.current.wallets.map((w) => w.address)).toEqual([s0, s1]))
    const disconnected: unknown[] = []
    foyer.emitter.on('disconnected', (w) => disconnected.push((w as { address: string }).address))
    await act(() => foyer.session.logout())
    await vi.waitFor(() => expect(hook.result.current.wallets).toEqual([]))
    expect(disconnected.sort()).toEqual([s0, s1].sort())
    expect(getWallets().get().some((w) => w.name === 'Foyer Wallet')).toBe(false)
  })

  it('a user without one gets none, and nothing is registered', async () => {
    const { hook, signIn, frame } = await setup()
    signIn(kitUser([embeddedWalletAccount(frame.account(0).address)]))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(hook.result.current.wallets).toEqual([])
    expect(getWallets().get().some((w) => w.name === 'Foyer Wallet')).toBe(false)
  })
})

describe("useSolanaWallets()'s createWallet and exportWallet (the plugin's hook actions)", () => {
  it('createWallet() creates the Solana wallet in the frame; it joins the list', async () => {
    const frame = fakeWalletFrame()
    const address = frame.solanaKeypair(0).address
    let user = kitUser([embeddedWalletAccount(frame.account(0).address)])
    const { foyer, hook, signIn, frame: used } = await setup({ '/api/v1/users/me': () => ({ user }) })
    signIn(user)
    expect(hook.result.current.wallets).toEqual([])
    user = kitUser([...user.linkedAccounts, embeddedSolanaAccount(address)])
    const account = await act(() => hook.result.current.createWallet())
    expect(account).toMatchObject({ address, chainType: 'solana', walletClientType: 'privy' })
    expect(used.calls.map((c) => c.event)).toEqual([frameEvents.solanaCreate])
    await vi.waitFor(() => expect(hook.result.current.wallets.map((w) => w.address)).toEqual([address]))
    // A second one without createAdditional is refused (the spec's text).
    await expect(hook.result.current.createWallet()).rejects.toMatchObject({ shortMessage: 'User already has an embedded wallet.' })
    expect(foyer.$session.peek().user?.linkedAccounts).toHaveLength(2)
  })

  it("exportWallet() opens 'Transfer wallet' for the first Solana wallet (or the one named, exactly), and resolves when it closes", async () => {
    const { foyer, hook, signIn, frame } = await setup()
    const [s0, s1] = [0, 1].map((i) => frame.solanaKeypair(i).address)
    signIn(kitUser([embeddedWalletAccount(frame.account(0).address), embeddedSolanaAccount(s0!, 0), embeddedSolanaAccount(s1!, 1)]))

    const first = hook.result.current.exportWallet()
    await vi.waitFor(() => expect(foyer.$modal.peek().stack.at(-1)).toMatchObject({ id: 'embedded-wallet/export', params: { address: s0 } }))
    expect(foyer.$modal.peek().intent).toBe('export')
    act(() => foyer.modal.close())
    await expect(first).resolves.toBeUndefined()

    const named = hook.result.current.exportWallet({ address: s1 })
    await vi.waitFor(() => expect(foyer.$modal.peek().stack.at(-1)?.params).toMatchObject({ address: s1 }))
    act(() => foyer.modal.close())
    await named

    // Base58 is case-sensitive, and an Ethereum address is no Solana wallet.
    await expect(hook.result.current.exportWallet({ address: s0!.toLowerCase() })).rejects.toMatchObject({ shortMessage: 'Must have a Foyer wallet before exporting' })
    await expect(hook.result.current.exportWallet({ address: frame.account(0).address })).rejects.toMatchObject({ code: 'NO_EMBEDDED_WALLET' })
  })
})
