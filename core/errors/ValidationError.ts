import { BaseError } from './BaseError.js'

/** Input that failed a valibot schema; `issues` maps a field path to its first message. */
export class ValidationError extends BaseError {
  override name = 'ValidationError'
  readonly issues: Record<string, string>

  constructor(message: string, issues: Record<string, string> = {}) {
    super(message, { code: 'VALIDATION_ERROR' })
    this.issues = issues
  }
}
