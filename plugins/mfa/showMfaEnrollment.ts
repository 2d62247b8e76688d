import { ValidationError } from '../../core/errors/index.js'
import type { Foyer } from '../../core/client/types.js'
import { MFA_ENROLL_SCREEN } from './mfaCalls.js'

/** Opens 'Transaction Protection' (useMfaEnrollment's showMfaEnrollmentModal); the user must be signed in. */
export function showMfaEnrollment(foyer: Foyer): void {
  if (foyer.$session.peek().status !== 'authenticated') throw new ValidationError(foyer.t('mfa.enroll.noToken'))
  foyer.modal.open({ intent: null, screen: MFA_ENROLL_SCREEN })
}
