import type { MiddlewareHandler } from 'hono'
import type { Logger } from '../Logger.js'

/**
 * Dev mode: names a route that answered an error code nobody declared (core or a plugin's `errorCodes`),
 * so the client would have no text for it. Only the method, path and code are logged, never the body.
 */
export function warnUndeclaredCodes(declared: ReadonlyMap<string, string>, logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.res.ok || !(c.res.headers.get('content-type') ?? '').includes('application/json')) return
    const body = (await c.res.clone().json().catch(() => null)) as { code?: unknown } | null
    const code = body?.code
    if (typeof code === 'string' && !declared.has(code)) {
      logger.warn(`[foyer] ${c.req.method} ${c.req.path} answered the undeclared error code "${code}"; add it to its plugin's errorCodes`)
    }
  }
}
