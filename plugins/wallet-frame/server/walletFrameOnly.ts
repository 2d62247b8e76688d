import type { Context } from 'hono'
import type { ServerContext } from '../../../core/server/types.js'

/** Origins compared as the browser sends them (no trailing slash, any case). */
export const sameOrigin = (a: string, b: string) => a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase()

/**
 * Refuses a request whose Origin is not the wallet frame's (or that has none), before anything runs and without the
 * CORS headers the app guard set: routes that take or give key material (shares, a delegation envelope) must never be
 * readable by a host page's script. The embedded wallet's custody routes and the plugins whose frame calls the server
 * (delegated actions) use it.
 */
export function assertWalletFrameOrigin(c: Context, ctx: Pick<ServerContext, 'config' | 'HttpError'>): void {
  const origin = c.req.header('origin')
  const walletOrigin = ctx.config.walletOrigin
  if (walletOrigin && origin && sameOrigin(origin, walletOrigin)) return
  c.header('Access-Control-Allow-Origin', undefined)
  c.header('Access-Control-Allow-Credentials', undefined)
  throw new ctx.HttpError(403, 'invalid_origin', walletOrigin ? 'Only the wallet frame may call this route' : 'The wallet frame origin is not configured (FOYER_WALLET_ORIGIN)')
}
