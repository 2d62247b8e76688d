import type { Foyer } from '../../core/client/types.js'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import { embeddedSolanaConnector } from './embeddedSolanaConnector.js'
import type { EmbeddedWalletState } from './embeddedWalletState.js'
import { registerStandardWallet } from './registerStandardWallet.js'
import { createSolanaStandardWallet } from './solanaStandardWallet.js'
import { solanaSignMessage } from './solanaSignMessage.js'

/**
 * The page's embedded Solana wallets (loaded once the user has one): a connector per wallet for the wallet manager,
 * and one wallet-standard wallet for dapps, registered while the user has any. Both sign through the wallet frame.
 */
export function createEmbeddedSolanaWallets(foyer: Foyer, deps: { state: () => EmbeddedWalletState }, win: Window | undefined = typeof window === 'undefined' ? undefined : window) {
  const sign = (address: string, message: Uint8Array) => solanaSignMessage(foyer, deps.state(), message, address)
  const standard = createSolanaStandardWallet(sign)
  // One connector per address for the kernel's life: the manager's listeners stay attached to it.
  const connectors = new Map<string, WalletConnector>()
  const connectorOf = (address: string) => {
    let connector = connectors.get(address)
    if (!connector) connectors.set(address, (connector = embeddedSolanaConnector(foyer, address, { sign, provider: standard.wallet })))
    return connector
  }
  let unregister: (() => void) | null = null
  return {
    wallet: standard.wallet,
    /** Follows the user's embedded Solana wallets (in walletIndex order): answers their connectors. */
    update(addresses: readonly string[]): WalletConnector[] {
      // Accounts change first (dapps hear 'change'), then the wallet joins or leaves the registries.
      standard.setAddresses(addresses)
      if (addresses.length > 0 && !unregister && win) unregister = registerStandardWallet(standard.wallet, win)
      if (addresses.length === 0 && unregister) {
        unregister()
        unregister = null
      }
      return addresses.map(connectorOf)
    },
    stop() {
      standard.setAddresses([])
      unregister?.()
      unregister = null
    },
  }
}

/** The page's embedded Solana wallets (createEmbeddedSolanaWallets). */
export type EmbeddedSolanaWallets = ReturnType<typeof createEmbeddedSolanaWallets>
