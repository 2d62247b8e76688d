import type { Foyer } from '../../../core/client/types.js'
import type { SolanaCluster, SolanaWallet } from '../../wallet-solana/index.js'
import { solanaSignMessage } from '../channel/solanaSignMessage.js'
import { signSolanaTransactionBytes } from '../channel/solanaSignTransactionBytes.js'
import { embeddedTransactionWallet } from './transactionWallet.js'
import type { EmbeddedWalletState } from './embeddedWalletState.js'

/** The embedded wallet as its Solana face (plugins/wallet-solana) sees it: its signatures in the wallet frame and its transactions. */
export function solanaFaceWallet(foyer: Foyer, state: EmbeddedWalletState, options: { priceDisplay: 'usd' | 'native'; clusters: readonly SolanaCluster[] }): SolanaWallet {
  return {
    signMessage: (address, message) => solanaSignMessage(foyer, state, message, address),
    signTransaction: (address, bytes) => signSolanaTransactionBytes(foyer, state, address, bytes),
    transactionWallet: ({ prompt }) => embeddedTransactionWallet(foyer, state, { prompt, priceDisplay: options.priceDisplay, clusters: options.clusters }),
  }
}
