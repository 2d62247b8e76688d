import { definePlugin } from '../../core/client/plugin.js'
import type { ConnectorSource } from '../../core/client/wallets/types.js'
import type { DiscoverInjectedOptions } from './discoverInjected.js'

/** Options of the injected-wallet connector plugin. */
export interface InjectedPluginOptions extends DiscoverInjectedOptions {}

/**
 * Browser-extension wallets (EIP-6963, plus a legacy window.ethereum): `plugins={[injected()]}`. No SDK;
 * the discovery module loads lazily so a host pays for it only when wallets are enabled.
 */
export function injected(options: InjectedPluginOptions = {}) {
  return definePlugin({
    id: 'injected',
    kind: 'connector',
    connectors: (): ConnectorSource => ({
      discover(update) {
        if (typeof window === 'undefined') return () => {}
        let stop: (() => void) | null = null
        let stopped = false
        void import('./discoverInjected.js').then(({ discoverInjected }) => {
          if (!stopped) stop = discoverInjected(update, options)
        })
        return () => {
          stopped = true
          stop?.()
        }
      },
    }),
  })
}

export { walletClientTypeOf, legacyWalletClientType, NAMED_INJECTED_WALLETS, injectedConnectorId } from './injectedExports.js'
export type { NamedInjectedWallet } from './injectedWallets.js'
export type { Eip6963ProviderInfo, DiscoverInjectedOptions } from './discoverInjected.js'
