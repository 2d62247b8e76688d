import type { Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { ServerContext } from '../../core/server/index.js'
import { customJwtPaths } from './api.js'
import { CustomJwtAppConfigSchema, CustomJwtAuthenticateInputSchema, customJwtErrorCodes, customJwtTexts, type CustomJwtAppConfig } from './schema.js'
import { createKeyResolver, CustomJwtError, verifyCustomJwt, type KeyResolver } from './server/verifyCustomJwt.js'

/** Options of the custom-JWT plugin's server half. */
export interface CustomJwtServerOptions {
  /** Replaces the JWKS/PEM key resolution (e.g. a key set held in memory). */
  resolveKey?: KeyResolver
}

/**
 * Server half of custom-JWT login: the host's own auth provider issues a JWT, this verifies it against
 * the app's `"custom-jwt"` section (JWKS URL or PEM key, pinned algorithms, iss, aud, exp) and logs the
 * user in as the account (iss, sub).
 */
export function customJwtServer(options: CustomJwtServerOptions = {}) {
  const resolveKey = options.resolveKey ?? createKeyResolver()
  return defineServerPlugin({
    id: 'custom-jwt',
    errorCodes: customJwtErrorCodes,
    appConfig: CustomJwtAppConfigSchema,
    rateLimits: {
      'custom-jwt.authenticate.ip': { limit: 60, windowSeconds: 60 },
    },
    routes(app: Hono, ctx: ServerContext) {
      app.post(customJwtPaths.authenticate, async (c) => {
        const found = ctx.apps.of(c)
        const config = found.plugins['custom-jwt'] as CustomJwtAppConfig | undefined
        if (!config) throw new ctx.HttpError(403, 'disallowed_login_method', 'Custom auth is not enabled for this app')
        const { token } = await ctx.body(c, CustomJwtAuthenticateInputSchema)
        await ctx.enforceRateLimit('custom-jwt.authenticate.ip', ctx.clientIp(c))
        let identity
        try {
          identity = await verifyCustomJwt(token, config, { resolveKey, now: ctx.now() })
        } catch (error) {
          if (!(error instanceof CustomJwtError)) throw error
          if (error.reason === 'keys_unavailable') {
            ctx.logger.warn(`custom-jwt: verification keys for app ${found.id} are unavailable`)
            throw new ctx.HttpError(503, 'keys_unavailable', 'The custom auth provider keys are unavailable')
          }
          // The reason is ours (no token data), so it is safe and useful to send.
          throw new ctx.HttpError(401, 'invalid_credentials', `${customJwtTexts.invalidToken}: ${error.reason}`)
        }
        // Identity is the pair (iss, sub): one subject id at two issuers is two people.
        const identifier = JSON.stringify([identity.issuer, identity.subject])
        const result = await ctx.auth.login(c, {
          account: { type: 'custom_auth', identifier, data: { customUserId: identity.subject, issuer: identity.issuer } },
        })
        return c.json(result)
      })
    },
  })
}
