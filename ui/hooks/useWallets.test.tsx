// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { definePlugin, type FoyerPlugin } from '../../core/client/plugin.js'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import { FoyerContext } from '../FoyerContext.js'
import { handlerFetch, KIT_API_URL, KIT_APP_ID } from '../../test/kit/renderWithFoyer.js'
import { createFoyer } from '../../core/client/createFoyer.js'
import { createMemoryStorage } from '../../core/client/storage.js'
import { useSolanaWallets } from './useWallets.js'

const cleanups: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const c of cleanups.splice(0)) c()
})

/** A Solana connector that connects at once; `bytes: false` leaves out byte signing. */
function solanaConnector(id: string, address: string, bytes = true): WalletConnector {
  return {
    id, chain: 'solana', connectorType: 'solana_adapter', walletClientType: id, name: id, installed: true,
    connect: async () => ({ address, chainId: 'solana:mainnet' }),
    disconnect: async () => {},
    getAccounts: async () => [address],
    getChainId: async () => 'solana:mainnet',
    getProvider: async () => null,
    signMessage: async () => 'base58',
    ...(bytes ? { signMessageBytes: vi.fn(async (_a: string, message: Uint8Array) => Uint8Array.from([...message].reverse())) } : {}),
    onAccountsChanged: () => () => {},
    onChainChanged: () => () => {},
    onDisconnect: () => () => {},
  }
}
const ethereumConnector = { ...solanaConnector('eth', '0x1'), chain: 'ethereum' } as WalletConnector

const walletsPlugin = (connectors: WalletConnector[], extra: Partial<FoyerPlugin> = {}) =>
  definePlugin({ id: 'test-wallets', kind: 'connector', connectors: () => ({ discover: (update) => (update(connectors), () => {}) }), ...extra })

async function renderSolanaWallets(plugins: FoyerPlugin[]) {
  const foyer = createFoyer({ appId: KIT_APP_ID, apiUrl: KIT_API_URL, plugins, fetch: handlerFetch().fetch, storage: createMemoryStorage() })
  const wrapper = ({ children }: { children: ReactNode }) => <FoyerContext.Provider value={foyer}>{children}</FoyerContext.Provider>
  const hook = renderHook(() => useSolanaWallets(), { wrapper })
  await act(() => foyer.init())
  cleanups.push(() => foyer.destroy())
  return { foyer, hook }
}

describe('useSolanaWallets', () => {
  it("lists only the connected Solana wallets, each with signMessage(bytes) through its connector's byte signing", async () => {
    const phantom = solanaConnector('phantom', 'PhAnToM111')
    const { foyer, hook } = await renderSolanaWallets([walletsPlugin([ethereumConnector, phantom])])
    await act(async () => {
      await foyer.wallets.connect('eth')
      await foyer.wallets.connect('phantom')
    })
    expect(hook.result.current.ready).toBe(true)
    expect(hook.result.current.wallets.map((w) => `${w.type} ${w.address}`)).toEqual(['solana PhAnToM111'])
    const signature = await hook.result.current.wallets[0]!.signMessage(Uint8Array.from([1, 2, 3]))
    expect([...signature]).toEqual([3, 2, 1])
    expect(phantom.signMessageBytes).toHaveBeenCalledWith('PhAnToM111', Uint8Array.from([1, 2, 3]))
    await expect(hook.result.current.wallets[0]!.signMessage('text' as never)).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
  })

  it("a Solana wallet whose connector can't sign bytes refuses with the spec's text", async () => {
    const { foyer, hook } = await renderSolanaWallets([walletsPlugin([solanaConnector('old', 'OLD111', false)])])
    await act(() => foyer.wallets.connect('old'))
    await expect(hook.result.current.wallets[0]!.signMessage(Uint8Array.from([1]))).rejects.toMatchObject({
      code: 'SOLANA_SIGN_MESSAGE_UNSUPPORTED',
      shortMessage: 'A Solana wallet must support message signing',
    })
  })

  it("carries the functions plugins add to it (hookActions.useSolanaWallets), and can't lose ready or wallets to one", async () => {
    const addedByPlugin = vi.fn(async () => 'made')
    const plugin = walletsPlugin([], { hookActions: { useSolanaWallets: () => ({ addedByPlugin, wallets: () => 'not a list' }) } })
    const { hook } = await renderSolanaWallets([plugin])
    const result = hook.result.current as unknown as Record<string, unknown>
    expect(await (result.addedByPlugin as () => Promise<string>)()).toBe('made')
    expect(result.wallets).toEqual([])
    // The same functions on every render.
    hook.rerender()
    expect((hook.result.current as unknown as Record<string, unknown>).addedByPlugin).toBe(result.addedByPlugin)
  })

  it('without a plugin that adds them, the functions are simply missing', async () => {
    const { hook } = await renderSolanaWallets([walletsPlugin([])])
    expect(Object.keys(hook.result.current).sort()).toEqual(['ready', 'wallets'])
  })
})
