import type { AdminUser, AdminUserDetail } from '../adminApi.js'

/** `wallet_client_type` of the embedded wallets the embedded-wallet plugin keeps (Privy's name for its own). */
const EMBEDDED_WALLET_CLIENT_TYPE = 'privy'

/** The user's embedded wallets, read from its linked wallet accounts (the embedded-wallet plugin links each one). */
export function walletsOf(user: AdminUser): AdminUserDetail['wallets'] {
  return user.linked_accounts
    .filter((a) => a.type === 'wallet' && a.wallet_client_type === EMBEDDED_WALLET_CLIENT_TYPE)
    .map((a) => ({
      address: String(a.address),
      chain_type: String(a.chain_type),
      created_at: typeof a.first_verified_at === 'number' ? a.first_verified_at : null,
      recovery_method: typeof a.recovery_method === 'string' ? a.recovery_method : null,
    }))
}
