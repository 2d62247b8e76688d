import { ApiError, BaseError, ValidationError } from '../errors/index.js'

// The failure-screen policy flows consult (small, loaded with the kernel); the error screens' texts (errorScreen.ts,
// errorTexts.ts) load with the modal, when a failure is first shown.

type T = (key: string, vars?: Record<string, string | number>) => string

/**
 * The one failure-screen policy: codes that leave any flow's screen for the kernel's failure screens
 * (`modal.showError`). Spec §8: allowlist, user limit, account not found and the transfer prompt have screens
 * of their own in every flow's table, and 'Not allowed' / 'Try another method' is the catalogue's row. A flow
 * whose table words one of them itself (Telegram: 'Login with Telegram not allowed') checks that case first.
 */
export const failureScreenCodes: ReadonlySet<string> = new Set([
  'ALLOWLIST_REJECTED',
  'USER_LIMIT_REACHED',
  'USER_DOES_NOT_EXIST',
  'ACCOUNT_TRANSFER_REQUIRED',
  'DISALLOWED_LOGIN_METHOD',
])

/**
 * Codes with a row in the §8 error-screen catalogue that a flow sends to the error screen only when its own table
 * has no text for them: the e-mail/SMS table sends 'Linked to another user' there, the passkey screens all three.
 */
export const errorScreenCodes = ['LINKED_TO_ANOTHER_USER', 'TOO_MANY_REQUESTS', 'CLIENT_REQUEST_TIMEOUT'] as const

/** One of `errorScreenCodes`. */
export type ErrorScreenCode = (typeof errorScreenCodes)[number]

/** Whether a flow leaves its screen for the kernel's failure screen: `failureScreenCodes`, plus the flow's `also`. */
export function hasFailureScreen(error: unknown, also: readonly ErrorScreenCode[] = []): boolean {
  if (!(error instanceof BaseError)) return false
  return failureScreenCodes.has(error.code) || (also as readonly string[]).includes(error.code)
}

/** What a code screen does with a failed code: an inline text, or a failure screen (`screen`). */
export function otpErrorFor(error: unknown, t: T): { inline: string } | { screen: true } {
  const code = error instanceof BaseError ? error.code : ''
  if (hasFailureScreen(error, ['LINKED_TO_ANOTHER_USER'])) return { screen: true }
  if (code === 'INVALID_CREDENTIALS') return { inline: t('otp.invalidCode') }
  if (code === 'CANNOT_LINK_MORE_OF_TYPE' && error instanceof ApiError) return { inline: error.shortMessage }
  if (error instanceof ValidationError) return { inline: error.shortMessage }
  return { inline: t('otp.issueVerifying') }
}
