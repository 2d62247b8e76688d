import { useState } from 'react'
import type { User } from 'foyer'
import { embeddedWalletsOf, useSetWalletRecovery } from 'foyer/plugins/embedded-wallet'

/**
 * Password recovery for the embedded Ethereum wallet: 'Set a recovery password' opens the password flow, which runs
 * inside the wallet frame (the password never reaches this page). Shown only with an Ethereum wallet and no Solana one.
 */
export function RecoveryPasswordCard({ user }: { user: User }) {
  const [status, setStatus] = useState<string | null>(null)
  const { setWalletRecovery } = useSetWalletRecovery({
    onSuccess: () => setStatus('Your wallet now recovers with your password.'),
    onError: (error) => setStatus(error.message),
  })
  const [wallet] = embeddedWalletsOf(user, 'ethereum')
  if (!wallet || embeddedWalletsOf(user, 'solana').length) return null
  const passworded = wallet.recoveryMethod === 'user-passcode'
  return (
    <section className="card" aria-labelledby="recovery-title" data-testid="recovery-password">
      <h2 id="recovery-title">Wallet recovery</h2>
      <p className="card-lead" data-testid="recovery-method">
        {passworded ? 'Recovered with your password on a new device.' : 'Recovered automatically on a new device.'}
      </p>
      <div className="card-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void setWalletRecovery().catch(() => {})}>
          {passworded ? 'Change the recovery password' : 'Set a recovery password'}
        </button>
      </div>
      {status ? <p className="muted" data-testid="recovery-status">{status}</p> : null}
    </section>
  )
}
