import type { Foyer } from '../../../core/client/types.js'
import type { RecoveryMethod } from '../walletConstants.js'

/** The user-owned recovery methods a wallet can move to (the app's `user_owned_recovery_options`). */
export type UserOwnedRecoveryMethod = Exclude<RecoveryMethod, 'privy'>

interface RecoveryConfig {
  user_owned_recovery_options?: string[]
  require_user_owned_recovery_on_create?: boolean
}

const configOf = (foyer: Foyer): RecoveryConfig =>
  ((foyer.$config.peek()?.server as { embedded_wallet_config?: RecoveryConfig } | undefined)?.embedded_wallet_config ?? {})

/** The app's user-owned recovery options, in the spec's order (Google Drive, iCloud, password). */
export function recoveryOptionsOf(foyer: Foyer): UserOwnedRecoveryMethod[] {
  const offered = configOf(foyer).user_owned_recovery_options ?? []
  return (['google-drive', 'icloud', 'user-passcode'] as const).filter((m) => offered.includes(m))
}

/** Whether a new wallet must get a user-owned recovery method right away (`require_user_owned_recovery_on_create`). */
export function recoveryRequiredOnCreate(foyer: Foyer): boolean {
  return Boolean(configOf(foyer).require_user_owned_recovery_on_create) && recoveryOptionsOf(foyer).length > 0
}
