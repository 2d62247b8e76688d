import type { Foyer } from '../../core/client/types.js'
import { embeddedWalletsOf } from '../../plugins/embedded-wallet/state/embeddedAccounts.js'
import type { EmbeddedWalletState } from '../../plugins/embedded-wallet/state/embeddedWalletState.js'
import { ethereumFaceWallet } from '../../plugins/embedded-wallet/state/ethereumFaceWallet.js'
import {
  createEmbeddedEthereumProvider,
  embeddedWalletAccount,
  primaryWalletAccount,
  type EmbeddedProviderDeps,
} from '../../plugins/wallet-ethereum/provider/embeddedEthereumProvider.js'

/** A provider's deps over the embedded wallet's `state` (a fake frame's): its EthereumWallet and accounts, and `deps`. */
export function kitProviderDeps(foyer: Foyer, state: EmbeddedWalletState, deps: Omit<EmbeddedProviderDeps, 'wallet' | 'accounts'>): EmbeddedProviderDeps {
  return { ...deps, wallet: ethereumFaceWallet(foyer, state, { priceDisplay: deps.priceDisplay ?? 'usd' }), accounts: (user) => embeddedWalletsOf(user, 'ethereum') }
}

/** The embedded wallet's EIP-1193 provider for the wallet at `address` (or the page's: the user's primary wallet). */
export function kitEthereumProvider(foyer: Foyer, state: EmbeddedWalletState, deps: Omit<EmbeddedProviderDeps, 'wallet' | 'accounts'>, address: string | 'primary') {
  const full = kitProviderDeps(foyer, state, deps)
  return createEmbeddedEthereumProvider(foyer, full, address === 'primary' ? primaryWalletAccount(foyer, full) : embeddedWalletAccount(foyer, full, address))
}
