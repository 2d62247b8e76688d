import { definePlugin } from '../../core/client/plugin.js'
import type { ConnectorSource } from '../../core/client/wallets/types.js'
import type { DiscoverSolanaWalletsOptions } from './discoverSolanaWallets.js'
import { SIGN_MESSAGE_REQUIRED } from './solanaWallets.js'

/** Options of the Solana connector plugin. */
export interface SolanaPluginOptions extends DiscoverSolanaWalletsOptions {}

/**
 * Solana browser wallets through the wallet-standard registry: `plugins={[solana()]}`. Discovery code
 * (and bs58, with the first signature) loads lazily, so the plugin adds almost nothing to the initial JS.
 */
export function solana(options: SolanaPluginOptions = {}) {
  return definePlugin({
    id: 'solana',
    kind: 'connector',
    connectors: (): ConnectorSource => ({
      discover(update) {
        let stop: (() => void) | null = null
        let stopped = false
        void import('./discoverSolanaWallets.js').then(({ discoverSolanaWallets }) => {
          if (!stopped) stop = discoverSolanaWallets(update, options)
        })
        return () => {
          stopped = true
          stop?.()
        }
      },
    }),
    errors: { SOLANA_SIGN_MESSAGE_UNSUPPORTED: SIGN_MESSAGE_REQUIRED },
  })
}

export { SIGN_MESSAGE_REQUIRED, SOLANA_MAINNET, solanaWalletClientType, NAMED_SOLANA_WALLETS, type NamedSolanaWallet } from './solanaWallets.js'
export type { DiscoverSolanaWalletsOptions } from './discoverSolanaWallets.js'
