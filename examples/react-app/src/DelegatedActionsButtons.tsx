import { useState } from 'react'
import type { User } from 'foyer'
import { embeddedWalletsOf } from 'foyer/plugins/embedded-wallet'
import { useDelegatedActions } from 'foyer/plugins/delegated-actions'

/**
 * Delegated actions on the Solana card: 'Delegate actions' opens 'Enable delegated actions' for the embedded Solana
 * wallet (the app's back end may then sign for it: POST /api/v1/delegated_actions/solana/rpc), 'Revoke delegation'
 * opens 'Revoke permission'. The wallet's `delegated` flag comes from the refreshed user.
 */
export function DelegatedActionsButtons({ user }: { user: User }) {
  const { delegateWallet, revokeWallets } = useDelegatedActions()
  const [result, setResult] = useState<string | null>(null)
  const wallet = embeddedWalletsOf(user, 'solana')[0]
  if (!wallet) return null
  const delegated = wallet.delegated === true
  const run = async (what: () => Promise<void>, done: string) => {
    setResult(null)
    try {
      await what()
      setResult(done)
    } catch (error) {
      setResult(`Error: ${error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)}`)
    }
  }
  return (
    <div data-testid="delegated-actions" data-delegated={String(delegated)}>
      <p className="card-lead">Delegated actions: {delegated ? 'on — the app’s back end can sign for this wallet' : 'off'}</p>
      <div className="card-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void run(() => delegateWallet({ address: String(wallet.address), chainType: 'solana' }), 'Delegated')}>
          Delegate actions
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void run(() => revokeWallets(), 'Revoked')}>
          Revoke delegation
        </button>
      </div>
      {result ? (
        <p className="card-lead" data-testid="delegated-actions-result">
          {result}
        </p>
      ) : null}
    </div>
  )
}
