import { useEffect, useState } from 'react'
import type { User } from 'foyer'
import { useCrossAppAccounts, type CrossAppConnection } from 'foyer/plugins/cross-app'

/** The EIP-712 data 'Sign typed data with {app}' asks the provider's wallet for (the e2e test checks the signature against it). */
export const CROSS_APP_DEMO_TYPED_DATA = {
  domain: { name: 'Foyer cross-app demo', version: '1' },
  types: { Greeting: [{ name: 'text', type: 'string' }] },
  primaryType: 'Greeting',
  message: { text: 'Hello from a cross-app requester' },
} as const

/**
 * Cross-app wallets: the provider apps that list this app. Signed out: 'Log in with {app}'. Signed in: 'Link {app}', or
 * each cross_app account's wallet with 'Sign with {app}', 'Sign typed data with {app}', 'Send with {app}' (the provider's
 * own screens in its popup) and 'Unlink {app}'. Hidden when no provider lists this app.
 */
export function CrossAppCard({ user }: { user?: User }) {
  const cross = useCrossAppAccounts()
  const [connections, setConnections] = useState<CrossAppConnection[]>([])
  const [result, setResult] = useState<{ label: string; value: string } | null>(null)
  useEffect(() => {
    cross.getCrossAppConnections().then(setConnections, () => setConnections([]))
  }, [cross])
  if (connections.length === 0) return null
  const run = (label: string, action: () => Promise<unknown>) => {
    setResult(null)
    action().then(
      (value) => setResult({ label, value: typeof value === 'string' ? value : JSON.stringify(value) }),
      (error: Error & { shortMessage?: string }) => setResult({ label: 'Error', value: error.shortMessage ?? error.message }),
    )
  }
  const accounts = user?.linkedAccounts.filter((a) => a.type === 'cross_app') ?? []
  return (
    <section className="card" aria-labelledby="cross-app-title" data-testid="cross-app">
      <h2 id="cross-app-title">Cross-app wallets</h2>
      {connections.map((c) => {
        const account = accounts.find((a) => (a.providerApp as { id?: string } | undefined)?.id === c.provider_app_id)
        const address = (account?.embeddedWallets as { address: string }[] | undefined)?.[0]?.address
        // The provider's own site, where its users sign in and keep their wallet.
        const site = c.provider_app_custom_api_url ? (
          <a className="btn btn-ghost" href={c.provider_app_custom_api_url} target="_blank" rel="noreferrer">
            Open {c.provider_app_name}
          </a>
        ) : null
        if (!user) {
          return (
            <div key={c.provider_app_id} className="card-actions">
              <button type="button" className="btn btn-secondary" onClick={() => run('Login', () => cross.loginWithCrossAppAccount({ appId: c.provider_app_id }).then((u) => u.id))}>
                Log in with {c.provider_app_name}
              </button>
              {site}
            </div>
          )
        }
        if (!address) {
          return (
            <div key={c.provider_app_id} className="card-actions">
              <button type="button" className="btn btn-secondary" onClick={() => run('Linked', () => cross.linkCrossAppAccount({ appId: c.provider_app_id }).then((u) => u.id))}>
                Link {c.provider_app_name}
              </button>
              {site}
            </div>
          )
        }
        return (
          <div key={c.provider_app_id}>
            <p className="card-lead">
              {c.provider_app_name}
              {c.read_only ? ' (read-only)' : ''}: <code data-testid="cross-app-address">{address}</code>
            </p>
            <div className="card-actions">
              <button type="button" className="btn btn-secondary" onClick={() => run('Signature', () => cross.signMessage({ message: 'Hello from a cross-app requester' }, { address }))}>
                Sign with {c.provider_app_name}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => run('Typed signature', () => cross.signTypedData(CROSS_APP_DEMO_TYPED_DATA, { address }))}>
                Sign typed data with {c.provider_app_name}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => run('Transaction', () => cross.sendTransaction({ to: address, value: 1000n }, { address }).then((r) => r.hash))}>
                Send with {c.provider_app_name}
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => run('Unlinked', () => cross.unlinkCrossAppAccount({ appId: c.provider_app_id, subject: String(account!.subject) }).then((u) => u.id))}
              >
                Unlink {c.provider_app_name}
              </button>
            </div>
          </div>
        )
      })}
      {result ? (
        <p className="inline-status" role="status" data-testid="cross-app-result">
          {result.label}: <code>{result.value}</code>
        </p>
      ) : null}
    </section>
  )
}
