import type { Foyer } from '../../core/client/types.js'
import type { EthereumWallet, WalletEthereumOptions } from './ethereumWallet.js'

/** The plugin's state: the wallet its screens sign with, loaded on first use. */
export interface WalletEthereumState {
  wallet(): Promise<EthereumWallet>
}

/** The state of `foyer`'s Ethereum face. */
export function createWalletEthereumState(foyer: Foyer, options: Pick<WalletEthereumOptions, 'wallet'>): WalletEthereumState {
  return { wallet: () => options.wallet(foyer) }
}
