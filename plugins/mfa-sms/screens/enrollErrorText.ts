import type { MfaEnrollmentKit, MfaErrorOutcome } from '../../mfa/index.js'

/** A failed enrollment call: the SMS sender's own failures, else the hub's enrollment texts ('Unknown error' last). */
export function enrollErrorText(error: unknown, mfaEnrollErrorText: MfaEnrollmentKit['mfaEnrollErrorText']): MfaErrorOutcome {
  switch ((error as { code?: string } | null)?.code) {
    case 'TWILIO_VERIFICATION_FAILED':
      return { text: 'mfaSms.sendFailed', blocked: false }
    case 'MFA_SMS_ALREADY_ENROLLED':
      return { text: 'mfaSms.alreadyEnrolled', blocked: false }
    default:
      return mfaEnrollErrorText(error)
  }
}
