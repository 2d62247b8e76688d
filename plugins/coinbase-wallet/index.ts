import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import type { ConnectorSource, WalletConnector } from '../../core/client/wallets/types.js'
import { createCoinbaseConnector, type CoinbaseConnectorOptions } from './coinbaseConnector.js'

/** Options of the Coinbase Wallet connector plugin. */
export type CoinbaseWalletPluginOptions = CoinbaseConnectorOptions

/**
 * Coinbase Wallet (`plugins={[coinbaseWallet()]}`): the extension, the mobile app or the Smart Wallet
 * through @coinbase/wallet-sdk, which is imported only when the user picks it.
 * `preference: 'smartWalletOnly'` makes it the Coinbase Smart Wallet (walletClientType coinbase_smart_wallet).
 */
export function coinbaseWallet(options: CoinbaseWalletPluginOptions = {}) {
  return definePlugin({
    id: 'coinbase-wallet',
    kind: 'connector',
    connectors: (foyer: Foyer): ConnectorSource => {
      let connector: WalletConnector | null = null
      return {
        discover(update) {
          connector ??= createCoinbaseConnector(foyer, options)
          update([connector])
          return () => {}
        },
      }
    },
  })
}

export {
  createCoinbaseConnector,
  coinbaseIcon,
  COINBASE_SMART_WALLET_CHAIN_IDS,
  type CoinbaseConnectorOptions,
  type CoinbasePreference,
  type CoinbaseProviderParameters,
} from './coinbaseConnector.js'
