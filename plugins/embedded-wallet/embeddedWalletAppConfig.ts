import * as v from 'valibot'
import { userOwnedRecoveryMethods } from './walletConstants.js'

/**
 * The plugin's section of an app entry (`"embedded-wallet": { … }`): turns embedded wallets on for the app and
 * sets its public `embedded_wallet_config` (spec §3 'Embedded wallet app settings'). `{}` takes the defaults.
 */
export const EmbeddedWalletAppConfigSchema = v.strictObject({
  create_on_login: v.optional(v.picklist(['off', 'users-without-wallets', 'all-users'])),
  user_owned_recovery_options: v.optional(v.array(v.picklist(userOwnedRecoveryMethods))),
  require_user_owned_recovery_on_create: v.optional(v.boolean()),
})
export type EmbeddedWalletAppConfig = v.InferOutput<typeof EmbeddedWalletAppConfigSchema>
