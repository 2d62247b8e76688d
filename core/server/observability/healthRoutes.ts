import type { Hono } from 'hono'
import type { Readiness } from './createReadiness.js'

/**
 * `GET /healthz`: the process answers (200 `{ status: 'ok' }`). `GET /readyz`: 200 while the server should get
 * traffic, 503 `{ status: 'unavailable', checks }` when the database doesn't answer or shutdown has begun.
 * Outside /api/v1: no app id, no app guard, no rate limit.
 */
export function healthRoutes(app: Hono, readiness: Readiness): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' }))
  app.get('/readyz', async (c) => {
    const { ready, checks } = await readiness.check()
    return c.json({ status: ready ? 'ok' : 'unavailable', checks }, ready ? 200 : 503, { 'cache-control': 'no-store' })
  })
}
