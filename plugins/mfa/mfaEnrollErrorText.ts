import { isRateLimited, type MfaErrorOutcome } from './mfaErrorText.js'

/**
 * §8 for an enrollment step (the new method's code, or the verification asked first): a wrong code, max attempts, a
 * locked method and rate limits (all block input), the time limit, 'Verification canceled'; anything else 'Unknown error'.
 */
export function mfaEnrollErrorText(error: unknown): MfaErrorOutcome {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'INVALID_CREDENTIALS') return { text: 'mfa.error.invalidCode', blocked: false }
  if (code === 'MFA_VERIFICATION_MAX_ATTEMPTS_REACHED') return { text: 'mfa.error.maxAttempts', blocked: true }
  if (code === 'MFA_METHOD_LOCKED') return { text: 'mfa.error.locked', blocked: true, methodLocked: true }
  if (isRateLimited(error)) return { text: 'mfa.error.rateLimited', blocked: true }
  if (code === 'MFA_TIMEOUT') return { text: 'mfa.error.timeout', blocked: false }
  if (code === 'MFA_CANCELED') return { text: 'mfa.error.canceled', blocked: false }
  return { text: 'mfa.error.enrollment', blocked: false }
}
