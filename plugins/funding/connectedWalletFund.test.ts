import { describe, expect, it, vi } from 'vitest'
import { createEmitter } from '../../core/client/emitter.js'
import { createMemoryStorage } from '../../core/client/storage.js'
import { createWallets } from '../../core/client/wallets/createWallets.js'
import type { WalletConnector } from '../../core/client/wallets/types.js'

const ADDRESS = '0xAa00000000000000000000000000000000000001'
const connector: WalletConnector = {
  id: 'injected:test', chain: 'ethereum', connectorType: 'injected', walletClientType: 'metamask', name: 'Test Wallet', installed: true,
  connect: async () => ({ address: ADDRESS, chainId: 'eip155:1' }),
  disconnect: async () => {},
  getAccounts: async () => [ADDRESS],
  getChainId: async () => 'eip155:1',
  getProvider: async () => ({}),
  switchChain: async () => {},
  signMessage: async () => '0x',
  onAccountsChanged: () => () => {},
  onChainChanged: () => () => {},
  onDisconnect: () => () => {},
} as WalletConnector

function connectWith(actions: Record<string, (...args: any[]) => unknown>) {
  const wallets = createWallets({
    sources: () => [{ discover: (update) => (update([connector]), () => {}) }],
    storage: createMemoryStorage(),
    emitter: createEmitter(),
    chains: () => ({ supported: [], default: null }),
    lookupDelayMs: 1,
    actions: () => actions,
  })
  wallets.start()
  return wallets.connect('injected:test')
}

describe('ConnectedWallet.fund (Privy\'s)', () => {
  it("calls the funding hub's fundWallet for the wallet's address", async () => {
    const fundWallet = vi.fn(async () => ({ status: 'success' }))
    const wallet = await connectWith({ fundWallet })
    await expect(wallet.fund({ chain: 'eip155:1', amount: '0.1' })).resolves.toEqual({ status: 'success' })
    expect(fundWallet).toHaveBeenCalledWith({ address: ADDRESS, options: { chain: 'eip155:1', amount: '0.1' } })
  })

  it('fails when no plugin adds fundWallet', async () => {
    const wallet = await connectWith({})
    await expect(wallet.fund()).rejects.toThrow('Wallet funding is not enabled')
  })
})
