import { useState } from 'react'
import type { User } from 'foyer'
import { embeddedWalletsOf, useSetWalletRecovery } from 'foyer/plugins/embedded-wallet'

const methodNames: Record<string, string> = { 'user-passcode': 'password', 'google-drive': 'Google Drive backup', icloud: 'iCloud backup' }

/**
 * Password recovery for the embedded Ethereum wallet: 'Secure your wallet' opens setWalletRecovery(): the app's methods ('Secure
 * your account' / 'Update backup method', or the password splash when a password is the only one); a password's
 * screens run inside the wallet frame (the password never reaches this page). Shown only with an Ethereum wallet and no Solana one.
 */
export function RecoveryPasswordCard({ user }: { user: User }) {
  const [status, setStatus] = useState<string | null>(null)
  const { setWalletRecovery } = useSetWalletRecovery({
    onSuccess: (updated) => {
      const method = embeddedWalletsOf(updated, 'ethereum')[0]?.recoveryMethod ?? 'privy'
      setStatus(method === 'privy' ? 'Your wallet now recovers automatically.' : `Your wallet now recovers with your ${methodNames[method] ?? method}.`)
    },
    onError: (error) => setStatus(error.message),
  })
  const [wallet] = embeddedWalletsOf(user, 'ethereum')
  if (!wallet || embeddedWalletsOf(user, 'solana').length) return null
  const method = wallet.recoveryMethod ?? 'privy'
  const automatic = method === 'privy'
  return (
    <section className="card" aria-labelledby="recovery-title" data-testid="recovery-password">
      <h2 id="recovery-title">Wallet recovery</h2>
      <p className="card-lead" data-testid="recovery-method">
        {automatic ? 'Recovered automatically on a new device.' : `Recovered with your ${methodNames[method] ?? method} on a new device.`}
      </p>
      <div className="card-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void setWalletRecovery().catch(() => {})}>
          {automatic ? 'Secure your wallet' : 'Change the backup method'}
        </button>
      </div>
      {status ? <p className="muted" data-testid="recovery-status">{status}</p> : null}
    </section>
  )
}
