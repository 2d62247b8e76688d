import { definePlugin } from '../../core/client/plugin.js'
import type { ConnectorSource } from '../../core/client/wallets/types.js'
import type { DiscoverSolanaWalletsOptions } from './discoverSolanaWallets.js'
import { walletTexts } from '../../core/client/wallets/walletErrors.js'

/** The spec's rule (§5): a Solana wallet must support message signing (the same text as solanaWallets.ts's). */
export const SIGN_MESSAGE_REQUIRED = walletTexts.solanaSignMessageRequired

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

export { SOLANA_MAINNET, solanaWalletClientType, NAMED_SOLANA_WALLETS } from './solanaExports.js'
export type { NamedSolanaWallet } from './solanaWallets.js'
export type { DiscoverSolanaWalletsOptions } from './discoverSolanaWallets.js'
