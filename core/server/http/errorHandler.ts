import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HttpError } from '../HttpError.js'
import type { Logger } from '../types.js'

/** JSON error body `{ error, code }` with `status`. */
export function errorResponse(c: Context, status: number, code: string, error: string, data?: Record<string, unknown>) {
  return c.json(data ? { error, code, data } : { error, code }, status as ContentfulStatusCode)
}

/** Maps thrown errors to `{ error, code }`; anything unexpected is a 500 without details. */
export function createErrorHandler(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof HttpError) return errorResponse(c, err.status, err.code, err.message, err.data)
    if (err instanceof HTTPException && err.status < 500) {
      const code = err.status === 413 ? 'payload_too_large' : err.status === 404 ? 'not_found' : 'invalid_data'
      return errorResponse(c, err.status, code, err.status === 413 ? 'Payload too large' : 'Bad request')
    }
    // Only the error's name and message: never the request, its body or headers.
    logger.error(`[foyer] ${c.req.method} ${c.req.path} failed: ${err.name}: ${err.message}`)
    return errorResponse(c, 500, 'internal_error', 'Internal server error')
  }
}
