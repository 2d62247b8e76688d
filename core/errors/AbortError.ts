import { BaseError } from './BaseError.js'

/** A request the caller aborted; never retried, never shown as a failure screen. */
export class AbortError extends BaseError {
  override name = 'AbortError'
  constructor(options: { cause?: unknown } = {}) {
    super('The request was aborted.', { code: 'REQUEST_ABORTED', ...options })
  }
}
