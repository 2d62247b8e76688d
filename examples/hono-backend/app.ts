import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { FoyerAuthError, FoyerClient } from 'foyer/node'

/** The back end's routes: `GET /api/me` answers the signed-in user's id for a valid Foyer access token, 401 otherwise. */
export function createApp(options: { appId: string; apiUrl: string; appOrigin: string }) {
  // Verifies tokens against the Foyer server's JWKS, fetched once and cached: no app secret, no call per request.
  const foyer = new FoyerClient({ appId: options.appId, apiUrl: options.apiUrl })
  const app = new Hono()
  // The browser app calls this API from its own origin with `Authorization: Bearer <getAccessToken()>`.
  app.use('/api/*', cors({ origin: options.appOrigin, allowHeaders: ['Authorization'] }))
  app.get('/api/me', async (c) => {
    const token = /^Bearer (.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1]
    try {
      const { userId } = await foyer.verifyAuthToken(token ?? '')
      return c.json({ userId })
    } catch (error) {
      // A missing, forged or expired token; anything else (the Foyer server unreachable) is a 500.
      if (error instanceof FoyerAuthError) return c.json({ error: 'unauthorized' }, 401)
      throw error
    }
  })
  return app
}
