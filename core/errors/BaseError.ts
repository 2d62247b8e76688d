/** Options every Foyer error takes. */
export interface BaseErrorOptions {
  /** Stable UPPER_SNAKE code hosts and the modal switch on. */
  code?: string
  /** Extra, non-secret context for developers. */
  details?: string
  cause?: unknown
}

/** Root of every error Foyer throws: `shortMessage` is safe to show, `code` is stable. */
export class BaseError extends Error {
  override name = 'FoyerError'
  readonly shortMessage: string
  readonly code: string
  readonly details?: string

  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, { cause: options.cause })
    this.shortMessage = shortMessage
    this.code = options.code ?? 'UNKNOWN_ERROR'
    if (options.details !== undefined) this.details = options.details
  }
}
