import type { Foyer, RecoveryMethodSlot } from '../../../core/client/types.js'
import type { RecoveryMethod } from '../walletConstants.js'

/** The user-owned recovery methods a wallet can move to (the app's `user_owned_recovery_options`). */
export type UserOwnedRecoveryMethod = Exclude<RecoveryMethod, 'privy'>

interface RecoveryConfig {
  user_owned_recovery_options?: string[]
  require_user_owned_recovery_on_create?: boolean
}

const configOf = (foyer: Foyer): RecoveryConfig =>
  ((foyer.$config.peek()?.server as { embedded_wallet_config?: RecoveryConfig } | undefined)?.embedded_wallet_config ?? {})

/**
 * The recovery-method slot: the loaded plugins' methods (recovery-password, recovery-google-drive…) that the app offers
 * (`user_owned_recovery_options`), in their order (the spec's: Google Drive, iCloud, password).
 */
export function recoveryMethodsOf(foyer: Foyer): RecoveryMethodSlot[] {
  const offered = configOf(foyer).user_owned_recovery_options ?? []
  return foyer.registry.plugins
    .flatMap((p) => (p.recovery && offered.includes(p.recovery.method) ? [p.recovery] : []))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
}

/** The app's user-owned recovery options that a loaded plugin offers, in the slot's order. */
export function recoveryOptionsOf(foyer: Foyer): UserOwnedRecoveryMethod[] {
  return recoveryMethodsOf(foyer).map((slot) => slot.method as UserOwnedRecoveryMethod)
}

/** The slot of `method`, when a loaded plugin offers it. */
export function recoveryMethodOf(foyer: Foyer, method: string): RecoveryMethodSlot | undefined {
  return foyer.registry.plugins.find((p) => p.recovery?.method === method)?.recovery
}

/** Whether a new wallet must get a user-owned recovery method right away (`require_user_owned_recovery_on_create`). */
export function recoveryRequiredOnCreate(foyer: Foyer): boolean {
  return Boolean(configOf(foyer).require_user_owned_recovery_on_create) && recoveryOptionsOf(foyer).length > 0
}
