import type { Hono } from 'hono'
import type { ServerContext } from '../../../core/server/index.js'
import { assertRecoveryMethodOffered, recoveryOAuthFailed, recoveryOAuthNotConfigured } from '../../embedded-wallet/server.js'
import { icloudRecoveryPaths as paths } from '../api.js'
import { RecoveryOAuthInitIcloudInputSchema } from '../schema.js'
import type { ResolvedICloud } from './icloudOptions.js'

const TIMEOUT_MS = 10_000

/**
 * iCloud recovery's login (spec: Recovery OAuth): the CloudKit sign-in URL for the frame's popup. Only the wallet
 * frame's origin reaches it (the caller's middleware); no log line carries a token.
 */
export function icloudRoutes(app: Hono, ctx: ServerContext, icloud: ResolvedICloud) {
  const failed = (message?: string) => recoveryOAuthFailed(ctx, message)
  app.post(paths.initIcloud, async (c) => {
    const { userId } = await ctx.auth.requireDeviceProof(c)
    await ctx.body(c, RecoveryOAuthInitIcloudInputSchema)
    assertRecoveryMethodOffered(ctx, c, 'icloud')
    const { container, environment, apiToken, baseUrl } = icloud
    if (!container || !apiToken) throw recoveryOAuthNotConfigured(ctx, 'iCloud recovery is not configured on this server')
    await ctx.enforceRateLimit('embedded_wallets.recovery_oauth.user', userId)
    // CloudKit web services: an unauthenticated call to users/caller answers 421 with the sign-in page's URL.
    const url = `${baseUrl}/database/1/${encodeURIComponent(container)}/${encodeURIComponent(environment)}/public/users/caller?ckAPIToken=${encodeURIComponent(apiToken)}`
    let response: Response
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) })
    } catch {
      throw failed()
    }
    const body = (await response.json().catch(() => null)) as { redirectURL?: unknown } | null
    if (response.status !== 421 || typeof body?.redirectURL !== 'string' || !/^https?:\/\//.test(body.redirectURL)) {
      ctx.logger.warn(`[recovery-icloud] recovery OAuth: CloudKit answered ${response.status} to the sign-in request`)
      throw failed()
    }
    return c.json({ url: body.redirectURL })
  })
}
