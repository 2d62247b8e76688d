import type { Foyer } from '../../../core/client/types.js'
import type { ConnectorSource } from '../../../core/client/wallets/types.js'
import type { WalletEthereumOptions } from '../ethereumWallet.js'

/**
 * The embedded Ethereum wallets' connector source (embeddedConnector.ts), whose code loads once a signed-in user has
 * an embedded Ethereum wallet: a host whose users have none never downloads it. Once loaded it follows the session
 * itself (a logout publishes no connectors).
 */
export function embeddedEthereumSource(foyer: Foyer, ethereum: WalletEthereumOptions): ConnectorSource {
  return {
    discover(update) {
      let stopInner: (() => void) | null = null
      let loading = false
      let stopped = false
      const check = () => {
        if (loading || stopInner || ethereum.accounts(foyer.$session.peek().user).length === 0) return
        loading = true
        import('./embeddedConnector.js').then(
          (m) => {
            loading = false
            if (!stopped) stopInner = m.embeddedConnectors(foyer, ethereum).discover(update)
          },
          () => {
            // The next session change tries again.
            loading = false
          },
        )
      }
      const stop = foyer.$session.subscribe(check)
      return () => {
        stopped = true
        stop()
        stopInner?.()
      }
    },
  }
}
