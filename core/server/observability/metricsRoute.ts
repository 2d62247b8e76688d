import { createHash, timingSafeEqual } from 'node:crypto'
import type { Hono } from 'hono'
import { errorResponse } from '../http/errorHandler.js'
import type { Metrics } from './createMetrics.js'

const digest = (value: string) => createHash('sha256').update(value).digest()

/** `GET /metrics` in Prometheus text; with a `token`, only for `Authorization: Bearer <token>` (else 401). */
export function metricsRoute(app: Hono, metrics: Metrics, token: string | null): void {
  const expected = token ? digest(token) : null
  app.get('/metrics', async (c) => {
    if (expected) {
      const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
      // Digests of equal length: the comparison takes the same time whatever was sent.
      if (!timingSafeEqual(digest(given), expected)) return errorResponse(c, 401, 'unauthorized', 'Missing or wrong metrics token')
    }
    const { contentType, body } = await metrics.render()
    return c.body(body, 200, { 'content-type': contentType, 'cache-control': 'no-store' })
  })
}
