import { useMemo } from 'react'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { showMfaEnrollment } from './showMfaEnrollment.js'

/** What useMfaEnrollment returns. */
export interface UseMfaEnrollmentReturnType {
  /** Opens 'Transaction Protection': choose, add or remove a verification method. */
  showMfaEnrollmentModal(): void
}

/** The MFA enrollment modal (Privy's useMfaEnrollment). */
export function useMfaEnrollment(): UseMfaEnrollmentReturnType {
  const foyer = useFoyerKernel()
  return useMemo(() => ({ showMfaEnrollmentModal: () => showMfaEnrollment(foyer) }), [foyer])
}
