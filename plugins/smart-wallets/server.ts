import type { Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { ServerContext } from '../../core/server/index.js'
import { smartWalletsPaths } from './api.js'
import { SmartWalletsAppConfigSchema, type SmartWalletsAppConfig, type SmartWalletsConfig } from './schema.js'

/** Codes the plugin's routes answer besides core's. */
export const smartWalletsErrorCodes = [] as const

/** The public smart-wallet config of an app's section (absent section: disabled). */
export function smartWalletsConfigOf(section: SmartWalletsAppConfig | undefined): SmartWalletsConfig {
  if (!section) return { enabled: false, smart_wallet_type: null, configured_networks: [] }
  return {
    enabled: section.enabled,
    smart_wallet_type: section.smart_wallet_type,
    configured_networks: section.configured_networks.map((n) => ({
      chain_id: n.chain_id,
      bundler_url: n.bundler_url,
      paymaster_url: n.paymaster_url ?? null,
      paymaster_context: n.paymaster_context ?? null,
      account_factory: n.account_factory ?? null,
      rpc_url: n.rpc_url ?? null,
    })),
  }
}

/**
 * Smart wallets, server half: the app's `"smart-wallets"` section ({ enabled, smart_wallet_type, configured_networks:
 * [{ chain_id, bundler_url, paymaster_url?, paymaster_context?: { policy_id }, account_factory?, rpc_url? }] }) served at
 * GET /api/v1/apps/{appId}/smart_wallets (public, like the app config). The link of the user's smart wallet is siwe's
 * POST /api/v1/siwe/link_smart_wallet, which checks the signature on the network's rpc_url.
 */
export function smartWalletsServer() {
  return defineServerPlugin({
    id: 'smart-wallets',
    errorCodes: smartWalletsErrorCodes,
    appConfig: SmartWalletsAppConfigSchema,
    routes(app: Hono, ctx: ServerContext) {
      app.get(smartWalletsPaths.config, (c) => {
        // appGuard checked the app header and origin; the path must name that same app.
        const found = ctx.apps.of(c)
        if (c.req.param('appId') !== found.id) throw new ctx.HttpError(404, 'not_found', 'App not found')
        return c.json(smartWalletsConfigOf(found.plugins['smart-wallets'] as SmartWalletsAppConfig | undefined))
      })
    },
  })
}
