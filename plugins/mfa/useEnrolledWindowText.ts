import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { usePluginState } from '../../ui/hooks/usePluginState.js'
import { useScreenState } from '../../ui/hooks/useScreenState.js'
import { useT } from '../../ui/i18n/useT.js'
import type { MfaState } from './mfaState.js'
import { enrolledWindowText } from './mfaWindow.js'

/**
 * The enrolment success screens' line on the MFA window (enrolledWindowText), reckoned from when the screen was opened
 * (kept with its stack entry: a step-up pushed over the screen mounts it anew, after the verification). Screens only:
 * useT brings the ui's English, which stays out of the host's first JS.
 */
export function useEnrolledWindowText(): string | null {
  const foyer = useFoyerKernel()
  const t = useT()
  const [since] = useScreenState('mfa.enrolled.since', Date.now())
  const verified = usePluginState<MfaState>('mfa').verified.value
  return enrolledWindowText(verified, foyer.$session.value.user?.id, since, t)
}
