import type { Hono } from 'hono'
import { defineServerPlugin } from '../../core/server/index.js'
import type { ServerContext } from '../../core/server/index.js'
import { AcceptTermsInputSchema, termsPaths } from './api.js'

/**
 * Server half of terms acceptance: POST /api/v1/users/me/accept_terms records that the signed-in user
 * accepted the app's terms. Whether an app requires it is the core app field `require_users_accept_terms`.
 */
export function termsServer() {
  return defineServerPlugin({
    id: 'terms',
    routes(app: Hono, ctx: ServerContext) {
      app.post(termsPaths.accept, async (c) => {
        const { userId } = await ctx.requireUser(c)
        // The spec's body is `{}`: an empty body counts as `{}`, non-JSON or a non-object is 400 invalid_data.
        await ctx.body(c, AcceptTermsInputSchema)
        // Idempotent: accepting twice leaves the flag set and answers the same user.
        await ctx.db.query('UPDATE users SET has_accepted_terms = true WHERE id = $1', [userId])
        return c.json(await ctx.getUser(userId))
      })
    },
  })
}
