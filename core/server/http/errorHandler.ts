import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { DatabaseUnavailableError } from '../db/DatabaseUnavailableError.js'
import { HttpError } from '../HttpError.js'
import { isMarkedForRerun, LOST_RACE_MESSAGE } from '../db/retryLostRaces.js'
import type { Logger } from '../Logger.js'
import { routeOf } from './routeOf.js'

/** JSON error body `{ error, code }` with `status`. */
export function errorResponse(c: Context, status: number, code: string, error: string, data?: Record<string, unknown>) {
  return c.json(data ? { error, code, data } : { error, code }, status as ContentfulStatusCode)
}

/** Maps thrown errors to `{ error, code }`; anything unexpected is a 500 without details. */
export function createErrorHandler(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof HttpError) return errorResponse(c, err.status, err.code, err.message, err.data)
    // The database is away or busy: nothing was changed; the client retries after Retry-After (its retry list has 503).
    if (err instanceof DatabaseUnavailableError) {
      c.header('Retry-After', String(err.retryAfterSeconds))
      return errorResponse(c, 503, 'service_unavailable', 'Service temporarily unavailable, try again shortly')
    }
    // A lost race that no outermost transaction reran (a route that began it on the unwrapped Db): retry, not a 500.
    if (isMarkedForRerun(err)) return errorResponse(c, 429, 'too_many_requests', LOST_RACE_MESSAGE)
    if (err instanceof HTTPException && err.status < 500) {
      if (err.status === 413) return errorResponse(c, 413, 'payload_too_large', 'Payload too large')
      return errorResponse(c, err.status, err.status === 404 ? 'not_found' : 'invalid_data', 'Bad request')
    }
    // Only the error's name and message, the route pattern and the request id: never the request, its body or headers.
    const reqId = c.get('requestId') as string | undefined
    logger.error(`[foyer] ${c.req.method} ${routeOf(c)} failed: ${err.name}: ${err.message}`, { reqId, route: routeOf(c), err: err.name })
    return errorResponse(c, 500, 'internal_error', 'Internal server error')
  }
}
