import type * as v from 'valibot'
import { emailTexts } from '../schema.js'

/** The spec gives no text for an address over 320 characters; this says why Submit stays disabled. */
export const EMAIL_TOO_LONG = 'Please enter a valid email address of at most 320 characters.'

/**
 * The e-mail field's error (an i18n key, the English text): the '+' rule and a too-long address (no typing makes
 * it valid) at once, other problems only after the user tried to submit. Null when there is nothing to say.
 */
export function emailFieldError(result: v.SafeParseResult<v.GenericSchema>, attempted: boolean): string | null {
  if (result.success) return null
  const issue = result.issues[0]
  if (issue.type === 'max_length') return EMAIL_TOO_LONG
  return issue.message === emailTexts.plusNotAllowed || attempted ? issue.message : null
}
