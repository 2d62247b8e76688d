import { useState } from 'react'
import { useMfa } from '../../mfa/index.js'
import type { AdminSession } from '../adminApi.js'
import { AdminApiError } from './adminFetch.js'
import { ErrorText } from './ErrorText.js'
import { GateFrame, type GateFrameProps } from './GateFrame.js'

/**
 * TOTP enrolled, admin session not verified: POST session, which needs a fresh MFA verification; without one the
 * modal's 'Verify your identity' asks for a code, then POST session again.
 */
export function VerifyPage({ verify, onVerified, ...props }: GateFrameProps & { verify: () => Promise<AdminSession>; onVerified: (session: AdminSession) => void }) {
  const { promptMfa } = useMfa()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const run = async () => {
    setBusy(true)
    setError(null)
    try {
      try {
        onVerified(await verify())
      } catch (e) {
        if (!(e instanceof AdminApiError && e.code === 'missing_or_invalid_mfa')) throw e
        await promptMfa()
        onVerified(await verify())
      }
    } catch (e) {
      setError(e instanceof Error && e.message === 'MFA canceled' ? new Error('Verification canceled. Verify to open the console.') : e)
    } finally {
      setBusy(false)
    }
  }
  return (
    <GateFrame {...props} title="Verify it's you">
      <p>Enter a code from your authenticator app to open the console. The verification lasts up to 12 hours.</p>
      <button type="button" className="fa-button fa-primary" onClick={() => void run()} disabled={busy}>
        Verify with authenticator app
      </button>
      <ErrorText error={error} />
    </GateFrame>
  )
}
