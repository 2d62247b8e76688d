import type { Foyer } from '../../../core/client/types.js'
import type { EthereumWallet } from '../../wallet-ethereum/index.js'
import { assertSupportedChain, defaultChainId, isSupportedChain, knownChains, rpcUrlOf } from './embeddedChains.js'
import { embeddedEthereumWallet, signWithWallet } from '../channel/signWithWallet.js'
import { embeddedTransactionWallet } from './transactionWallet.js'
import { rememberAddedChain, rememberWatchedAsset, watchedAssetsOf } from './walletPreferences.js'
import type { EmbeddedWalletState } from './embeddedWalletState.js'

/**
 * The embedded wallet as its Ethereum face (plugins/wallet-ethereum) sees it: its accounts, its signatures in the
 * wallet frame, its chains (the host's and the ones the user added), what the user approved, and its transactions.
 */
export function ethereumFaceWallet(foyer: Foyer, state: EmbeddedWalletState, options: { priceDisplay: 'usd' | 'native' }): EthereumWallet {
  return {
    account: (address) => embeddedEthereumWallet(foyer, address),
    sign: (address, request) => signWithWallet(foyer, state, address, request),
    knownChains: () => knownChains(foyer),
    defaultChainId: () => defaultChainId(foyer),
    isSupportedChain: (chainId) => isSupportedChain(foyer, chainId),
    assertSupportedChain: (chainId) => assertSupportedChain(foyer, chainId),
    rpcUrlOf: (chainId) => rpcUrlOf(foyer, chainId),
    watchedAssets: (filter) => watchedAssetsOf(foyer, filter),
    rememberWatchedAsset: (asset) => rememberWatchedAsset(foyer, asset),
    rememberAddedChain: (chain) => rememberAddedChain(foyer, chain),
    // A provider's transactions are Ethereum's: no Solana cluster.
    transactionWallet: ({ prompt, batches }) => embeddedTransactionWallet(foyer, state, { prompt, batches, priceDisplay: options.priceDisplay, clusters: [] }),
  }
}
