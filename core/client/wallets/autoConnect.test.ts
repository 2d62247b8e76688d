import { describe, expect, it, vi } from 'vitest'
import { createEmitter } from '../emitter.js'
import { createMemoryStorage } from '../storage.js'
import { createWallets } from './createWallets.js'
import type { WalletConnector } from './types.js'

/** A connector that is always authorised (an auto-connect wallet never prompts). */
function connector(id: string, address: string, over: Partial<WalletConnector> = {}): WalletConnector {
  return {
    id, chain: 'ethereum', connectorType: 'injected', walletClientType: id, name: id, installed: true,
    connect: vi.fn(async () => ({ address, chainId: 'eip155:1' })),
    disconnect: async () => {},
    getAccounts: async () => [address],
    getChainId: async () => 'eip155:1',
    getProvider: async () => ({}),
    signMessage: async () => '0x',
    onAccountsChanged: () => () => {},
    onChainChanged: () => () => {},
    onDisconnect: () => () => {},
    ...over,
  }
}

function manager() {
  const emitter = createEmitter()
  const events: string[] = []
  for (const name of ['connected', 'disconnected']) emitter.on(name, (w) => events.push(`${name} ${(w as { address: string }).address}`))
  let publish: (list: WalletConnector[]) => void = () => {}
  const storage = createMemoryStorage()
  const external = connector('external', '0xE')
  const wallets = createWallets({
    sources: () => [
      { discover: (update) => (update([external]), () => {}) },
      { discover: (update) => ((publish = update), () => {}) },
    ],
    storage,
    emitter,
    chains: () => ({ supported: [], default: null }),
    lookupDelayMs: 1,
  })
  return { wallets, events, storage, publish: (list: WalletConnector[]) => publish(list) }
}

const settled = () => new Promise((r) => setTimeout(r, 20))

describe('auto-connect wallets (the user\'s own, e.g. embedded)', () => {
  it('are connected without a prompt when published, first in the list in their source order, with no history or connected event', async () => {
    const { wallets, events, storage, publish } = manager()
    await wallets.start()
    await wallets.connect('external')
    events.length = 0
    const own0 = connector('own:0', '0xA0', { autoConnect: true, connectorType: 'embedded', walletClientType: 'privy' })
    const own1 = connector('own:1', '0xA1', { autoConnect: true, connectorType: 'embedded_imported', walletClientType: 'privy' })
    publish([own0, own1])
    await vi.waitFor(() => expect(wallets.$wallets.value.map((w) => w.address)).toEqual(['0xA0', '0xA1', '0xE']))
    expect(wallets.$wallets.value.map((w) => w.imported)).toEqual([false, true, false])
    expect(events).toEqual([])
    expect(JSON.parse(storage.get('foyer:connections')!).map((e: { address: string }) => e.address)).toEqual(['0xE'])

    // A later external connection still goes after them.
    await wallets.connect('external')
    expect(wallets.$wallets.value.map((w) => w.address)).toEqual(['0xA0', '0xA1', '0xE'])
  })

  it('are dropped (disconnected) when their source stops publishing them; other wallets stay', async () => {
    const { wallets, events, publish } = manager()
    await wallets.start()
    await wallets.connect('external')
    publish([connector('own:0', '0xA0', { autoConnect: true })])
    await vi.waitFor(() => expect(wallets.$wallets.value).toHaveLength(2))
    events.length = 0
    publish([])
    await vi.waitFor(() => expect(wallets.$wallets.value.map((w) => w.address)).toEqual(['0xE']))
    expect(events).toEqual(['disconnected 0xA0'])
  })

  it('a publish that is withdrawn before its connect finished leaves nothing behind', async () => {
    const { wallets, publish } = manager()
    await wallets.start()
    publish([connector('own:0', '0xA0', { autoConnect: true })])
    publish([])
    await settled()
    expect(wallets.$wallets.value).toEqual([])
  })
})
