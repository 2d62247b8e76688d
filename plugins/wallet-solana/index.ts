import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer } from '../../core/client/types.js'
import { embeddedSolanaSource } from './embeddedSolanaSource.js'
import type { WalletSolanaOptions } from './solanaWallet.js'

/** The plugin's id. */
export const WALLET_SOLANA_ID = 'wallet-solana'

/**
 * A wallet's Solana face for dapps: a connector per account (in useSolanaWallets() first) and the wallet registered
 * with wallet-standard (connect, signMessage, signIn, signTransaction, signAndSendTransaction), its code loaded once the
 * user has an account. `embeddedWallet()` brings it along (its `plugins`); the plugin knows the wallet only through
 * WalletSolanaOptions and SolanaWallet.
 */
export function walletSolana(options: WalletSolanaOptions) {
  return definePlugin({
    id: WALLET_SOLANA_ID,
    kind: 'feature',
    connectors: (foyer: Foyer) => embeddedSolanaSource(foyer, options),
  })
}

export type { SolanaWallet, SolanaWalletIdentity, WalletSolanaOptions } from './solanaWallet.js'
export type { SolanaCluster, SolanaClusterName } from '../../core/client/wallets/solanaClusters.js'
export type { SolanaStandardWallet } from './standard/solanaStandardWallet.js'
