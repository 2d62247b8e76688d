import { BaseError } from '../../../core/errors/BaseError.js'

/**
 * The server answered a management call with an error: `status`, the route's declared `code` as the server sends it
 * (`user_not_found`, `invalid_app_secret`, `invalid_data`, `account_already_linked`, `too_many_requests`, …), the
 * server's `message`, and its `data` when it sent some (e.g. `{ account_type }`).
 */
export class FoyerApiError extends BaseError {
  override name = 'FoyerApiError'
  readonly status: number
  /** The response's `Retry-After`, in seconds, when it had one (429, 503). */
  readonly retryAfterSeconds?: number
  readonly data?: Record<string, unknown>

  constructor(message: string, options: { status: number; code: string; data?: Record<string, unknown>; retryAfterSeconds?: number }) {
    super(message, { code: options.code })
    this.status = options.status
    if (options.data) this.data = options.data
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds
  }
}

/** No answer from the server (connection refused, DNS, TLS, timeout), or its key set could not be fetched: nothing is known about the call's effect. */
export class FoyerNetworkError extends BaseError {
  override name = 'FoyerNetworkError'

  constructor(message: string, cause: unknown) {
    super(message, { code: 'NETWORK_ERROR', cause })
  }
}
