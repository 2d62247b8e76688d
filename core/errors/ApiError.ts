import { BaseError } from './BaseError.js'

/** A non-2xx answer from the server: `status`, the wire code (`serverCode`) and any flow data. */
export class ApiError extends BaseError {
  override name = 'ApiError'
  readonly status: number
  readonly serverCode: string
  readonly data?: Record<string, unknown>

  constructor(message: string, options: { status: number; serverCode: string; data?: Record<string, unknown>; cause?: unknown }) {
    super(message, { code: options.serverCode.toUpperCase(), cause: options.cause })
    this.status = options.status
    this.serverCode = options.serverCode
    if (options.data) this.data = options.data
  }
}
