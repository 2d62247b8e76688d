import { useEffect, useState } from 'react'
import type { User } from 'foyer'
import { embeddedWalletsOf, useSetWalletRecovery } from 'foyer/plugins/embedded-wallet'

const methodNames: Record<string, string> = { 'user-passcode': 'password', 'google-drive': 'Google Drive backup', icloud: 'iCloud backup' }

/**
 * Password recovery for the embedded Ethereum wallet: 'Secure your wallet' opens setWalletRecovery(): the app's methods ('Secure
 * your account' / 'Update backup method', or the password splash when a password is the only one); a password's
 * screens run inside the wallet frame (the password never reaches this page). Shown whenever there is an Ethereum
 * wallet: with a Solana wallet too the card still says how the wallet recovers, and why no password can be set
 * (user-owned recovery excludes a Solana wallet). Right after a change it shows the user setWalletRecovery answered,
 * until the page's user catches up.
 */
export function RecoveryPasswordCard({ user }: { user: User }) {
  const [status, setStatus] = useState<string | null>(null)
  // The user setWalletRecovery answered: newer than the prop until the prop changes again.
  const [updated, setUpdated] = useState<User | null>(null)
  useEffect(() => setUpdated(null), [user])
  const { setWalletRecovery } = useSetWalletRecovery({
    onSuccess: (next) => {
      setUpdated(next)
      const method = embeddedWalletsOf(next, 'ethereum')[0]?.recoveryMethod ?? 'privy'
      setStatus(method === 'privy' ? 'Your wallet now recovers automatically.' : `Your wallet now recovers with your ${methodNames[method] ?? method}.`)
    },
    onError: (error) => setStatus(error.message),
  })
  const current = updated ?? user
  const [wallet] = embeddedWalletsOf(current, 'ethereum')
  if (!wallet) return null
  const method = wallet.recoveryMethod ?? 'privy'
  const automatic = method === 'privy'
  // The server refuses user-owned recovery next to a Solana wallet: say so instead of offering what can't work.
  const solanaBlocks = automatic && embeddedWalletsOf(current, 'solana').length > 0
  return (
    <section className="card" aria-labelledby="recovery-title" data-testid="recovery-password">
      <h2 id="recovery-title">Wallet recovery</h2>
      <p className="card-lead" data-testid="recovery-method">
        {automatic ? 'Recovered automatically on a new device.' : `Recovered with your ${methodNames[method] ?? method} on a new device.`}
      </p>
      {solanaBlocks ? (
        <p className="muted" data-testid="recovery-solana">A password or backup can't be set while you have an embedded Solana wallet.</p>
      ) : (
        <div className="card-actions">
          <button type="button" className="btn btn-secondary" onClick={() => void setWalletRecovery().catch(() => {})}>
            {automatic ? 'Secure your wallet' : 'Change the backup method'}
          </button>
        </div>
      )}
      {status ? <p className="muted" data-testid="recovery-status">{status}</p> : null}
    </section>
  )
}
