import { HttpError } from '../HttpError.js'

/**
 * A value PostgreSQL can't store (U+0000, a lone surrogate, nesting too deep) reached a query: bad input,
 * so a 400 invalid_data, and the statement never ran. The message names no value.
 */
export class UnstorableTextError extends HttpError {
  override name = 'UnstorableTextError'

  constructor(reason: 'character' | 'depth') {
    super(
      400,
      'invalid_data',
      reason === 'depth' ? 'Data is nested too deeply' : 'Text contains a character that cannot be stored (U+0000 or an unpaired surrogate)',
    )
  }
}
