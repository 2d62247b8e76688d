import type { Foyer } from '../../core/client/types.js'
import { eip1193Connector, type Eip1193Provider } from '../../core/client/wallets/eip1193Connector.js'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import type { WalletConnectConnectorOptions, WalletConnectProvider } from './walletConnectTypes.js'

export type { WalletConnectConnectorOptions, WalletConnectProvider, WalletConnectProviderParameters } from './walletConnectTypes.js'

/** WalletConnect's logo (blue bridge on white is theirs; this is the mark only). */
export const walletConnectIcon =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><rect width="24" height="24" rx="6" fill="#3B99FC"/><path fill="#fff" d="M7.3 9.2a6.7 6.7 0 0 1 9.4 0l.3.3a.3.3 0 0 1 0 .5l-1.1 1a.2.2 0 0 1-.2 0l-.4-.4a4.7 4.7 0 0 0-6.6 0l-.4.4a.2.2 0 0 1-.3 0l-1-1a.3.3 0 0 1 0-.5l.3-.3Zm11.6 2.2 1 .9a.3.3 0 0 1 0 .5l-4.3 4.2a.3.3 0 0 1-.5 0l-3-3a.1.1 0 0 0-.2 0l-3 3a.3.3 0 0 1-.5 0L4.1 12.8a.3.3 0 0 1 0-.5l1-.9a.3.3 0 0 1 .4 0l3 3h.2l3-3a.3.3 0 0 1 .5 0l3 3h.2l3-3a.3.3 0 0 1 .5 0Z"/></svg>'

/** The WalletConnect connector: one per kernel, its provider (and the SDK) created on first use. */
export function createWalletConnectConnector(foyer: Foyer, options: WalletConnectConnectorOptions): WalletConnector {
  let provider: Promise<{ raw: WalletConnectProvider; wrapped: Eip1193Provider }> | null = null
  const load = () =>
    (provider ??= import('./walletConnectProvider.js')
      .then(({ loadWalletConnectProvider }) => loadWalletConnectProvider(foyer, options))
      .catch((error) => {
        provider = null // A failed load (offline, bad project id) may be retried.
        throw error
      }))

  return eip1193Connector(
    {
      id: 'wallet_connect',
      connectorType: 'wallet_connect_v2',
      walletClientType: 'wallet_connect',
      name: 'WalletConnect',
      icon: walletConnectIcon,
    },
    async () => (await load()).wrapped,
    { installed: true, onDisconnect: async () => (await load()).raw.disconnect() },
  )
}
