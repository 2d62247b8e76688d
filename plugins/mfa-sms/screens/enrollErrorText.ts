/** The text key of a failed enrollment call: the spec's MFA texts, the SMS sender's failure, else 'Unknown error'. */
export function enrollErrorText(error: unknown): string {
  switch ((error as { code?: string } | null)?.code) {
    case 'INVALID_CREDENTIALS':
      return 'mfa.error.invalidCode'
    case 'MFA_VERIFICATION_MAX_ATTEMPTS_REACHED':
    case 'TOO_MANY_REQUESTS':
      return 'mfa.error.maxAttempts'
    case 'MFA_TIMEOUT':
      return 'mfa.error.timeout'
    case 'TWILIO_VERIFICATION_FAILED':
      return 'mfaSms.sendFailed'
    case 'MFA_SMS_ALREADY_ENROLLED':
      return 'mfaSms.alreadyEnrolled'
    case 'MFA_CANCELED':
      return 'mfa.error.canceled'
    default:
      return 'mfa.error.enrollment'
  }
}
