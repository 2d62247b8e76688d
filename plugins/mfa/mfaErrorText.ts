/** What a verification screen shows for an error: the text key, and whether input is blocked (§4: max attempts). */
export interface MfaErrorOutcome {
  text: string
  blocked: boolean
  /** The method itself is locked (100 failures in a row): block it, not the user's other methods — they are the way out. */
  methodLocked?: boolean
}

/** Whether `error` is a rate limit: 429 too_many_requests from the server, or 'code 429' in a wallet-frame message (§8). */
export function isRateLimited(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  const message = String((error as { message?: unknown } | null)?.message ?? '')
  return code === 'TOO_MANY_REQUESTS' || message.includes('code 429')
}

/** §8: a failed verification's text by the error's code; anything else 'Something went wrong.' */
export function mfaErrorText(error: unknown): MfaErrorOutcome {
  const code = (error as { code?: unknown } | null)?.code
  const type = (error as { type?: unknown } | null)?.type
  if (code === 'MFA_VERIFICATION_MAX_ATTEMPTS_REACHED' || type === 'mfa_verification_max_attempts_reached') return { text: 'mfa.error.maxAttempts', blocked: true }
  if (code === 'MFA_METHOD_LOCKED' || type === 'mfa_method_locked') return { text: 'mfa.error.locked', blocked: true, methodLocked: true }
  // The per-user limits span minutes: input stays blocked, with a text that doesn't promise 10 seconds.
  if (isRateLimited(error)) return { text: 'mfa.error.rateLimited', blocked: true }
  if (code === 'MFA_TIMEOUT' || type === 'mfa_timeout') return { text: 'mfa.error.timeout', blocked: false }
  if (code === 'MISSING_OR_INVALID_MFA' || type === 'missing_or_invalid_mfa' || code === 'VALIDATION_ERROR') return { text: 'mfa.error.invalidCode', blocked: false }
  if (code === 'MFA_CANCELED') return { text: 'mfa.error.canceled', blocked: false }
  return { text: 'mfa.error.generic', blocked: false }
}
