/**
 * The database can't be reached (stopped, restarting, frozen, the network gone) or can't take more work right now.
 * The error handler answers it 503 `service_unavailable` with `Retry-After`; nothing was changed by the request.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError'
  /** Seconds a client should wait before trying again. */
  readonly retryAfterSeconds: number

  constructor(reason: string, options: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(`Database unavailable: ${reason}`, options.cause === undefined ? undefined : { cause: options.cause })
    this.retryAfterSeconds = options.retryAfterSeconds ?? 1
  }
}
