import type { Context } from 'hono'
import { refuseCrossSite } from '../../../../core/server/index.js'
import type { ServerContext } from '../../../../core/server/index.js'
import type { EmbeddedWalletAppConfig } from '../../embeddedWalletAppConfig.js'
import { assertWalletFrameOrigin } from '../../../wallet-frame/server.js'

const PLUGIN_ID = 'embedded-wallet'

/**
 * For a recovery method's routes (recovery-google-drive's login…): refuses a request unless the app offers `method`
 * in its embedded-wallet section's `user_owned_recovery_options` (400 recovery_method_not_enabled).
 */
export function assertRecoveryMethodOffered(ctx: Pick<ServerContext, 'apps' | 'HttpError'>, c: Context, method: string): void {
  const config = ctx.apps.of(c).plugins[PLUGIN_ID] as EmbeddedWalletAppConfig | undefined
  if (!(config?.user_owned_recovery_options ?? []).includes(method as never)) {
    throw new ctx.HttpError(400, 'recovery_method_not_enabled', `This app does not offer ${method} recovery`)
  }
}

/**
 * Middleware of routes only the wallet frame calls (the custody routes, a recovery method's login): from the frame's
 * origin only, same site, and for an app with embedded wallets on. Browser hints (a script sets any header): what a
 * token thief can't pass is the device proof the route then asks for.
 */
export function walletFrameRoutes(ctx: ServerContext) {
  return async (c: Context, next: () => Promise<void>) => {
    refuseCrossSite(c)
    assertWalletFrameOrigin(c, ctx)
    if (ctx.apps.of(c).plugins[PLUGIN_ID] === undefined) throw new ctx.HttpError(403, 'embedded_wallets_disabled', 'Embedded wallets are not enabled for this app')
    await next()
  }
}

/** A recovery method's login that failed (400 recovery_oauth_failed): the spec's 'Recovery OAuth failed', or a detail. */
export function recoveryOAuthFailed(ctx: Pick<ServerContext, 'HttpError'>, message = 'Recovery OAuth failed') {
  return new ctx.HttpError(400, 'recovery_oauth_failed', message)
}

/** A recovery method the server has no credentials for (400 recovery_oauth_not_configured). */
export function recoveryOAuthNotConfigured(ctx: Pick<ServerContext, 'HttpError'>, message: string) {
  return new ctx.HttpError(400, 'recovery_oauth_not_configured', message)
}
