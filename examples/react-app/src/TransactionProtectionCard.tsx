import { useFoyerKernel, type User } from 'foyer'
import { useMfaEnrollment, useMfaVerifiedUntil } from 'foyer/plugins/mfa'

/** 'Transaction protection': the user's MFA methods and the enrollment modal (add or remove), when the app offers MFA. */
export function TransactionProtectionCard({ user }: { user: User }) {
  const foyer = useFoyerKernel()
  const { showMfaEnrollmentModal } = useMfaEnrollment()
  // The end of the server's window after the last verification this page saw: wallet actions don't ask until then.
  const verifiedUntil = useMfaVerifiedUntil()
  const offered = foyer.$config.value?.server.mfa_methods ?? []
  if (!foyer.registry.plugin('mfa') || !offered.length) return null
  const methods = user.mfaMethods ?? []
  return (
    <section className="card" aria-labelledby="mfa-title">
      <h2 id="mfa-title">Transaction protection</h2>
      <p className="card-lead" data-testid="mfa-methods">
        {methods.length ? `Verification methods: ${methods.join(', ')}. Wallet signing and export ask for one.` : 'No verification method yet: add one to confirm wallet actions.'}
      </p>
      {methods.length && verifiedUntil ? (
        <p className="card-lead" data-testid="mfa-verified-until">
          Verified on this device until {verifiedUntil.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}: wallet actions won't ask again until then.
        </p>
      ) : null}
      <div className="card-actions">
        <button type="button" className="btn btn-secondary" onClick={showMfaEnrollmentModal} data-testid="mfa-manage">
          {methods.length ? 'Manage transaction protection' : 'Add transaction protection'}
        </button>
      </div>
    </section>
  )
}
