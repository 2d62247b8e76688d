import type { Context } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'

/** Who calls the management API: the app, and which of its secrets proved it. */
export interface ManagementCaller {
  appId: string
  secretId: string
  /** `app:<secret prefix>`: the actor of the audit rows the call writes. */
  actor: string
}

/**
 * Every management route first: no browser, the address's limit, the app secret, then the app's limit. Answers the
 * app and the secret that authenticated (403 invalid_origin, 429 too_many_requests, 401 invalid_app_secret).
 */
export async function managementCaller(ctx: ServerContext, c: Context): Promise<ManagementCaller> {
  if (c.req.header('origin')) {
    c.header('Access-Control-Allow-Origin', undefined)
    c.header('Access-Control-Allow-Credentials', undefined)
    throw new ctx.HttpError(403, 'invalid_origin', 'The management API is for your back end: an app secret never belongs in a page')
  }
  await ctx.enforceRateLimit('management.ip', ctx.clientIp(c))
  const { appId, secretId, prefix } = await ctx.appSecrets.authenticateSecret(c)
  await ctx.enforceRateLimit('management.app', appId)
  return { appId, secretId, actor: `app:${prefix}` }
}
