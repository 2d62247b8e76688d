import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import { NAMED_SOLANA_WALLETS } from './solanaWallets.js'
import { isSolanaWallet, notInstalledConnector, walletStandardConnector } from './walletStandardConnector.js'

/** Options of discovery: which named wallets to list when missing. */
export interface DiscoverSolanaWalletsOptions {
  /** Spec wallet ids listed (installed: false, with an install URL) when not detected. Default ['phantom']. */
  namedWallets?: readonly string[]
}

/**
 * Watches the wallet-standard registry (`getWallets()`: get, register, unregister) and reports the
 * Solana wallets as connectors, plus named wallets that aren't installed. Returns a stop function.
 */
export function discoverSolanaWallets(update: (connectors: WalletConnector[]) => void, options: DiscoverSolanaWalletsOptions = {}): () => void {
  const registry = getWallets()
  const built = new Map<Wallet, WalletConnector>()
  const unregisterListeners = new Map<Wallet, Set<() => void>>()
  const named = (options.namedWallets ?? ['phantom']).flatMap((id) => (NAMED_SOLANA_WALLETS[id] ? [NAMED_SOLANA_WALLETS[id]!] : []))

  const connectorOf = (wallet: Wallet) => {
    let connector = built.get(wallet)
    if (!connector) {
      connector = walletStandardConnector(wallet, {
        onUnregister(listener) {
          const set = unregisterListeners.get(wallet) ?? new Set()
          unregisterListeners.set(wallet, set)
          set.add(listener)
          return () => set.delete(listener)
        },
      })
      built.set(wallet, connector)
    }
    return connector
  }

  const publish = () => {
    const installed = registry.get().filter(isSolanaWallet).map(connectorOf)
    const seen = new Set(installed.map((c) => c.id))
    // Two wallets with the same name (rare) keep distinct ids.
    const unique = installed.map((c, i) => (installed.findIndex((o) => o.id === c.id) === i ? c : { ...c, id: `${c.id}:${i}` }))
    const missing = named.filter((w) => !unique.some((c) => c.walletClientType === w.walletClientType) && !seen.has(`solana:${w.walletClientType}`))
    update([...unique, ...missing.map(notInstalledConnector)])
  }

  const offRegister = registry.on('register', publish)
  const offUnregister = registry.on('unregister', (...wallets: Wallet[]) => {
    for (const wallet of wallets) {
      for (const listener of unregisterListeners.get(wallet) ?? []) listener()
      unregisterListeners.delete(wallet)
      built.delete(wallet)
    }
    publish()
  })
  publish()
  return () => {
    offRegister()
    offUnregister()
  }
}
