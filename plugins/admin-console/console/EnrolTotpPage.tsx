import { useEffect, useRef, useState } from 'react'
import { useModalStatus, useUser } from '../../../ui/foyer.js'
import { useMfaEnrollment } from '../../mfa/index.js'
import type { AdminSession } from '../adminApi.js'
import { AdminApiError, VERIFY_AGAIN_CODES } from './adminFetch.js'
import { ErrorText } from './ErrorText.js'
import { GateFrame, type GateFrameProps } from './GateFrame.js'

/**
 * No TOTP yet (operators must have it): opens the MFA plugin's enrolment (the modal's 'Transaction Protection'). Once
 * the modal closes the session is read again; enrolling verified this session, so the admin session is verified at
 * once (POST session) when it can be, else the verification page follows.
 */
export function EnrolTotpPage({
  onEnrolled,
  verify,
  onVerified,
  ...props
}: GateFrameProps & { onEnrolled: () => Promise<void>; verify: () => Promise<AdminSession>; onVerified: (session: AdminSession) => void }) {
  const { showMfaEnrollmentModal } = useMfaEnrollment()
  const { isOpen } = useModalStatus()
  const { user, refreshUser } = useUser()
  const [error, setError] = useState<unknown>(null)
  const opened = useRef(false)
  const enrolled = !!user?.mfaMethods.includes('totp')

  useEffect(() => {
    if (isOpen || !opened.current) return
    opened.current = false
    void (async () => {
      const fresh = await refreshUser().catch(() => user)
      if (!fresh?.mfaMethods.includes('totp')) return
      try {
        onVerified(await verify())
      } catch (e) {
        if (e instanceof AdminApiError && VERIFY_AGAIN_CODES.includes(e.code)) await onEnrolled()
        else setError(e)
      }
    })()
  }, [isOpen, refreshUser, user, verify, onVerified, onEnrolled])

  const open = () => {
    setError(null)
    try {
      opened.current = true
      showMfaEnrollmentModal()
    } catch (e) {
      opened.current = false
      setError(e)
    }
  }
  return (
    <GateFrame {...props} title="Set up an authenticator app">
      <p>Operators protect the console with a one-time code from an authenticator app (TOTP). Add one to this account to continue.</p>
      <button type="button" className="fa-button fa-primary" onClick={open}>
        {enrolled ? 'Continue' : 'Set up authenticator app'}
      </button>
      <ErrorText error={error} />
    </GateFrame>
  )
}
