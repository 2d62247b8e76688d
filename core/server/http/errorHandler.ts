import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HttpError } from '../HttpError.js'
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
