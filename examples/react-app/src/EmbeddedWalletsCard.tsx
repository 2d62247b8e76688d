import { useState } from 'react'
import { useFoyer, type User } from 'foyer'
import { embeddedWalletsOf } from 'foyer/plugins/embedded-wallet'

/**
 * Embedded wallets: each one's address (the key stays in the wallet frame), 'Sign a message' through the modal's
 * sign screen, and 'Create another wallet' (the next HD index).
 */
export function EmbeddedWalletsCard({ user }: { user: User }) {
  const { createWallet, signMessage } = useFoyer()
  const [result, setResult] = useState<{ label: string; value: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const wallets = embeddedWalletsOf(user)
  const run = async (label: string, action: () => Promise<string>) => {
    setBusy(true)
    try {
      setResult({ label, value: await action() })
    } catch (error) {
      setResult({ label: 'Error', value: error instanceof Error ? error.message : String(error) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="card" aria-labelledby="embedded-title" data-testid="embedded-wallets">
      <h2 id="embedded-title">Embedded wallets</h2>
      {wallets.length === 0 ? <p className="card-lead">No embedded wallet yet.</p> : null}
      <ul className="card-list">
        {wallets.map((w) => (
          <li key={String(w.address)} data-testid="embedded-wallet">
            <code>{String(w.address)}</code> <span className="muted">#{w.walletIndex ?? 0}</span>
          </li>
        ))}
      </ul>
      <div className="card-actions">
        {wallets.length === 0 ? (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Created', async () => String((await createWallet()).address))}>
            Create a wallet
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Signature', () => signMessage({ message: 'Hello from the Foyer demo' }))}>
              Sign a message
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Created', async () => String((await createWallet({ createAdditional: true })).address))}>
              Create another wallet
            </button>
          </>
        )}
      </div>
      {result ? (
        <p className="card-lead" data-testid="embedded-result">
          {result.label}: <code style={{ wordBreak: 'break-all' }}>{result.value}</code>
        </p>
      ) : null}
    </section>
  )
}
