import type { Context, Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { ServerContext } from '../../core/server/index.js'
import { guestPaths } from './api.js'
import { GuestAppConfigSchema, GuestAuthenticateInputSchema, guestErrorCodes, guestTexts } from './schema.js'

/**
 * Server half of guest accounts. The app enables them with `"guest": true` in its entry.
 * Only SHA-256 of the credential is stored (it has 256 bits of entropy, so a plain hash hides it).
 */
export function guestServer() {
  return defineServerPlugin({
    id: 'guest',
    errorCodes: guestErrorCodes,
    appConfig: GuestAppConfigSchema,
    rateLimits: {
      // Each new credential creates a user: cap creations per IP so a script can't fill the users table.
      'guest.authenticate.ip': { limit: 30, windowSeconds: 600 },
    },
    routes(app: Hono, ctx: ServerContext) {
      /** The caller's user when a valid bearer came along; a stale or foreign token counts as none. */
      const currentUser = async (c: Context) => {
        if (!c.req.header('authorization')) return null
        try {
          const { userId } = await ctx.requireUser(c)
          return await ctx.users.get(userId)
        } catch {
          return null
        }
      }

      app.post(guestPaths.authenticate, async (c) => {
        const found = ctx.apps.of(c)
        if (found.plugins.guest !== true) {
          throw new ctx.HttpError(403, 'disallowed_login_method', 'Guest accounts are not enabled for this app')
        }
        const { guest_credential, captcha_token } = await ctx.body(c, GuestAuthenticateInputSchema)
        await ctx.verifyCaptcha(c, captcha_token)
        const current = await currentUser(c)
        if (current && !current.isGuest) throw new ctx.HttpError(403, 'already_authenticated', guestTexts.alreadyAuthenticated)
        await ctx.enforceRateLimit('guest.authenticate.ip', ctx.clientIp(c))

        const identifier = ctx.secrets.sha256(`guest\n${guest_credential}`)
        const owner = await ctx.users.findAccountOwner(found.id, 'guest', identifier)
        if (owner) {
          // Once the user linked a real login method the credential (a bearer secret in localStorage) retires.
          const user = await ctx.users.get(owner)
          if (!user.isGuest) throw new ctx.HttpError(401, 'invalid_credentials', guestTexts.failed)
        }
        const result = await ctx.db.tx(async (tx) => {
          // A new guest is a signup: an app with disable_signup refuses it (404 user_does_not_exist).
          const response = await ctx.auth.login(c, { account: { type: 'guest', identifier, data: {} }, db: tx })
          if (!response.is_new_user) return response
          await tx.query('UPDATE users SET is_guest = true WHERE id = $1', [response.user.id])
          return { ...response, user: await ctx.users.get(response.user.id, tx) }
        })
        return c.json(result)
      })
    },
  })
}
