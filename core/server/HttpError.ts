import type { ServerErrorCode } from '../protocol/index.js'

/** An expected failure a route throws; the error handler turns it into `{ error, code }` with `status`. */
export class HttpError extends Error {
  override name = 'HttpError'
  readonly status: number
  readonly code: ServerErrorCode | (string & {})
  readonly data?: Record<string, unknown>

  constructor(status: number, code: ServerErrorCode | (string & {}), message: string, data?: Record<string, unknown>) {
    super(message)
    this.status = status
    this.code = code
    if (data) this.data = data
  }
}
