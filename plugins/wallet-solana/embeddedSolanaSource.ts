import type { Foyer } from '../../core/client/types.js'
import type { ConnectorSource } from '../../core/client/wallets/types.js'
import type { EmbeddedSolanaWallets } from './embeddedSolanaWallets.js'
import type { WalletSolanaOptions } from './solanaWallet.js'

/**
 * The signed-in user's embedded Solana wallets as connectors (`autoConnect`, type 'solana': first in
 * useSolanaWallets()), republished whenever the user's wallets change (none when logged out); while there are any the
 * wallet is also registered with wallet-standard as 'Foyer Wallet'. Their code (and bs58) loads with the first one.
 */
export function embeddedSolanaSource(foyer: Foyer, deps: WalletSolanaOptions): ConnectorSource {
  return {
    discover(update) {
      let wallets: Promise<EmbeddedSolanaWallets> | null = null
      let published = ''
      let stopped = false
      const publish = () => {
        const addresses = deps.accounts(foyer.$session.peek().user).map((w) => String(w.address))
        const key = addresses.join(',')
        if (key === published) return
        published = key
        const loading = (wallets ??= import('./embeddedSolanaWallets.js').then((m) => m.createEmbeddedSolanaWallets(foyer, deps)))
        loading.then(
          (w) => {
            // Only the latest list counts: a change while the module loaded is published by its own turn.
            if (!stopped && published === key) update(w.update(addresses))
          },
          () => {
            // The next change tries again.
            if (wallets === loading) wallets = null
            published = ''
          },
        )
      }
      const stop = foyer.$session.subscribe(publish)
      return () => {
        stopped = true
        stop()
        void wallets?.then((w) => w.stop(), () => {})
      }
    },
  }
}
