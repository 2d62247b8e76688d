import { defineServerPlugin } from '../../core/server/index.js'

/**
 * A test MFA method (no code): enrolment is the returned `enrolled` set, and POST /api/v1/fake-mfa/verify records a
 * verification of the caller's session; /api/v1/fake-mfa/protected answers only after one (ctx.requireMfa).
 */
export function fakeMfaPlugin() {
  const enrolled = new Set<string>()
  const plugin = defineServerPlugin({
    id: 'fake-mfa',
    mfa: { method: 'totp', enrolled: async (_db, userId) => enrolled.has(userId) },
    routes(app, ctx) {
      app.post('/api/v1/fake-mfa/verify', async (c) => {
        const { userId, sessionId } = await ctx.requireUser(c)
        await ctx.mfa.recordVerification(userId, sessionId)
        return c.json({ verified: true })
      })
      app.post('/api/v1/fake-mfa/protected', async (c) => {
        const { userId } = await ctx.requireMfa(c)
        return c.json({ userId })
      })
    },
  })
  return { plugin, enrolled }
}
