import type { LinkedAccount, User } from '../../../core/protocol/index.js'
import { EMBEDDED_WALLET_CLIENT_TYPE, type WalletChainType } from '../walletConstants.js'

/** The user's embedded wallets (walletClientType 'privy', the spec's wire value), HD index order per chain. */
export function embeddedWalletsOf(user: User | null, chain?: WalletChainType): LinkedAccount[] {
  return (user?.linkedAccounts ?? [])
    .filter((a) => a.type === 'wallet' && a.walletClientType === EMBEDDED_WALLET_CLIENT_TYPE && (!chain || a.chainType === chain))
    .sort((a, b) => (a.walletIndex ?? 0) - (b.walletIndex ?? 0))
}

/** The user's first embedded wallet of `chain` (walletIndex 0), or null. */
export function primaryEmbeddedWallet(user: User | null, chain: WalletChainType): LinkedAccount | null {
  return embeddedWalletsOf(user, chain)[0] ?? null
}
