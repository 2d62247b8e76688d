import type { Foyer } from '../../../../core/client/types.js'
import type { ConnectorSource } from '../../../../core/client/wallets/types.js'
import { embeddedWalletsOf } from '../../state/embeddedAccounts.js'
import type { EmbeddedProviderDeps } from './embeddedEthereumProvider.js'

/**
 * The embedded Ethereum wallets' connector source (embeddedConnector.ts), whose code loads once a signed-in user has
 * an embedded Ethereum wallet: a host whose users have none never downloads it. Once loaded it follows the session
 * itself (a logout publishes no connectors).
 */
export function embeddedEthereumSource(foyer: Foyer, deps: EmbeddedProviderDeps): ConnectorSource {
  return {
    discover(update) {
      let stopInner: (() => void) | null = null
      let loading = false
      let stopped = false
      const check = () => {
        if (loading || stopInner || embeddedWalletsOf(foyer.$session.peek().user, 'ethereum').length === 0) return
        loading = true
        import('./embeddedConnector.js').then(
          (m) => {
            loading = false
            if (!stopped) stopInner = m.embeddedConnectors(foyer, deps).discover(update)
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
