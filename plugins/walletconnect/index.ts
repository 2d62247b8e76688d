import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import type { ConnectorSource, WalletConnector } from '../../core/client/wallets/types.js'
import { createWalletConnectConnector, type WalletConnectConnectorOptions } from './walletConnectConnector.js'

/** Options of the WalletConnect connector plugin. */
export interface WalletConnectPluginOptions {
  /** WalletConnect Cloud project id; default: the server app config's `wallet_connect_cloud_project_id`. */
  projectId?: string
  /** Makes the EIP-1193 provider (default: @walletconnect/ethereum-provider, loaded on first use). Test seam; hosts may inject. */
  createProvider?: WalletConnectConnectorOptions['createProvider']
  /** Overrides of the pairing metadata (default: the app's name and logo and this page's origin). */
  metadata?: WalletConnectConnectorOptions['metadata']
  /** Overrides of the plugin's English texts. */
  texts?: Record<string, string>
}

/** The WalletConnect plugin's English texts. */
export const walletConnectTexts = {
  'walletconnect.title': 'WalletConnect',
  'walletconnect.subtitle': 'Scan this code with your phone’s wallet app to connect.',
  'walletconnect.mobileSubtitle': 'Open your wallet app to connect.',
  'walletconnect.qrLabel': 'WalletConnect QR code',
  'walletconnect.waiting': 'Waiting for your wallet…',
  'walletconnect.copy': 'Copy link',
  'walletconnect.copied': 'Copied!',
  'walletconnect.open': 'Open wallet app',
} as const

/**
 * WalletConnect v2 (`plugins={[walletConnect()]}`): pairs a phone wallet by QR code (drawn by Foyer,
 * screen 'walletconnect/qr') or deep link. Shown once a project id is known and
 * `config.externalWallets.walletConnect.enabled` isn't false. The SDK is imported only on use.
 */
export function walletConnect(options: WalletConnectPluginOptions = {}) {
  return definePlugin({
    id: 'walletconnect',
    kind: 'connector',
    connectors: (foyer: Foyer): ConnectorSource => {
      const projectId = () => options.projectId ?? foyer.$config.peek()?.server.wallet_connect_cloud_project_id ?? null
      let connector: WalletConnector | null = null
      return {
        discover(update) {
          const publish = () => {
            const config = foyer.$config.peek()
            const enabled = config?.client.externalWallets?.walletConnect?.enabled !== false
            if (!enabled || !projectId()) return update([])
            connector ??= createWalletConnectConnector(foyer, {
              projectId,
              ...(options.createProvider ? { createProvider: options.createProvider } : {}),
              ...(options.metadata ? { metadata: options.metadata } : {}),
            })
            update([connector])
          }
          // The app config (project id) usually arrives after discovery starts.
          return foyer.$config.subscribe(publish)
        },
      }
    },
    screens: {
      qr: { load: () => import('./screens/WalletConnectQrScreen.js'), title: 'walletconnect.title' },
    },
    texts: { ...walletConnectTexts, ...options.texts },
  })
}

export {
  createWalletConnectConnector,
  walletConnectIcon,
  type WalletConnectProvider,
  type WalletConnectProviderParameters,
} from './walletConnectConnector.js'
export { QR_SCREEN } from './walletConnectExports.js'
export type { Pairing } from './pairingSession.js'
export { COPY_CONFIRMATION_MS, LINK_REFRESH_MS } from './timing.js'
