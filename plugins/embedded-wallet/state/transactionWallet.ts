import type { Foyer } from '../../../core/client/types.js'
import type { CallBatchStore, TransactionWallet } from '../../wallet-transactions/index.js'
import { assertSupportedChain, defaultChainId, isSupportedChain, knownChains, rpcUrlOf } from './embeddedChains.js'
import { embeddedEthereumWallet, signWithWallet } from '../channel/signWithWallet.js'
import { embeddedSolanaAddress, signSolanaTransactionBytes } from '../channel/solanaSignTransactionBytes.js'
import { resolveSolanaCluster, type SolanaCluster } from '../../../core/client/wallets/solanaClusters.js'
import type { EmbeddedWalletState } from './embeddedWalletState.js'

/** The host's policy and config a TransactionWallet carries. */
export interface TransactionWalletOptions {
  /** Show the confirmation screens: the call's `showWalletUIs` when it gives one, else the host's. */
  prompt: (showWalletUIs?: boolean) => boolean
  priceDisplay: 'usd' | 'native'
  clusters: readonly SolanaCluster[]
  /** The page's EIP-5792 batches (default the plugin state's). */
  batches?: () => CallBatchStore
}

/**
 * The embedded wallet as the transaction plugin sees it (TransactionWallet): its accounts, its signatures in the wallet
 * frame, its chains (the host's and the ones the user added) and the host's prompt policy.
 */
export function embeddedTransactionWallet(foyer: Foyer, state: EmbeddedWalletState, options: TransactionWalletOptions): TransactionWallet {
  return {
    ethereumAddress: (address) => String(embeddedEthereumWallet(foyer, address).address) as `0x${string}`,
    signEthereumTransaction: (from, transaction) => signWithWallet(foyer, state, from, { method: 'eth_signTransaction', params: [transaction] }),
    solanaAddress: (address) => embeddedSolanaAddress(foyer, address),
    signSolanaTransaction: (address, bytes) => signSolanaTransactionBytes(foyer, state, address, bytes),
    solanaCluster: () => resolveSolanaCluster(options.clusters),
    knownChains: () => knownChains(foyer),
    defaultChainId: () => defaultChainId(foyer),
    isSupportedChain: (chainId) => isSupportedChain(foyer, chainId),
    assertSupportedChain: (chainId) => assertSupportedChain(foyer, chainId),
    rpcUrlOf: (chainId) => rpcUrlOf(foyer, chainId),
    batches: options.batches ?? (() => state.callBatches),
    prompt: options.prompt,
    priceDisplay: options.priceDisplay,
  }
}
