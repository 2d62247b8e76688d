import { UserSchema } from '../../core/protocol/index.js'
import { LinkSmartWalletInputSchema, SiweInitInputSchema, SiweInitOutputSchema } from '../../core/protocol/siwe.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { SmartWalletsConfigSchema } from './schema.js'

/**
 * GET /api/v1/apps/{appId}/smart_wallets (the server's route pattern; the client fetches it by the app's id,
 * smartWalletsConfigPath).
 */
export const smartWalletsPaths = { config: '/api/v1/apps/:appId/smart_wallets' } as const

/** The config route of `appId`. */
export const smartWalletsConfigPath = (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}/smart_wallets`

/**
 * The calls the client half makes: SIWE's nonce and link_smart_wallet (served by plugins/siwe's server half), declared here
 * so a host needs no SIWE login on its modal to get a smart wallet.
 */
export const smartWalletsApi = defineApi('/api/v1/siwe', {
  nonce: { path: 'init', input: SiweInitInputSchema, output: SiweInitOutputSchema, captcha: 'token' },
  link: { path: 'link_smart_wallet', input: LinkSmartWalletInputSchema, output: UserSchema },
})
export const smartWalletsApiPaths = apiPaths(smartWalletsApi)

export { SmartWalletsConfigSchema }
