// The custody wire's constant values (chains and recovery methods), apart from the valibot schemas (schema.ts) so a
// host's first load can take them without those.

/** Chains an embedded wallet lives on. */
export const walletChainTypes = ['ethereum', 'solana'] as const
export type WalletChainType = (typeof walletChainTypes)[number]

/** Where a wallet's recovery share is kept (spec §3); only 'privy' (automatic) until user-owned recovery lands. */
export const recoveryMethods = ['privy', 'user-passcode', 'google-drive', 'icloud'] as const
export type RecoveryMethod = (typeof recoveryMethods)[number]
/** The user-owned methods an app may offer (`embedded_wallet_config.user_owned_recovery_options`). */
export const userOwnedRecoveryMethods = ['user-passcode', 'google-drive', 'icloud'] as const
/** The recovery methods `create` accepts today. */
export const creatableRecoveryMethods = ['privy'] as const
