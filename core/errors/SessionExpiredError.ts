import { BaseError } from './BaseError.js'

/** The session is gone (refresh token missing, expired, revoked or reused). */
export class SessionExpiredError extends BaseError {
  override name = 'SessionExpiredError'
  constructor(options: { cause?: unknown } = {}) {
    super('Session expired. Please log in again.', { code: 'SESSION_EXPIRED', ...options })
  }
}
