import { useEffect, useState } from 'react'
import { connect, disconnect, getAccount, signMessage, watchAccount } from '@wagmi/core'
import { wagmiConfig, wagmiReconnected } from './wagmiDemo.js'

/** The message 'Sign with wagmi' signs. */
export const WAGMI_DEMO_MESSAGE = 'Hello from wagmi'

/**
 * 'wagmi': the embedded wallet through wagmi's own actions and the foyer() connector (foyer/wagmi). Connected once, it
 * stays connected across reloads: wagmi's reconnect at page load waits for Foyer's session.
 */
export function WagmiCard() {
  const [account, setAccount] = useState(() => getAccount(wagmiConfig))
  const [result, setResult] = useState<string | null>(null)
  // Whether wagmi's page-load reconnect has ended (data-reconnected: the e2e waits on it, not on time).
  const [reconnected, setReconnected] = useState(false)
  useEffect(() => watchAccount(wagmiConfig, { onChange: setAccount }), [])
  useEffect(() => void wagmiReconnected.finally(() => setReconnected(true)), [])
  const run = (action: () => Promise<string>) => {
    setResult(null)
    action().then(setResult, (error: Error & { shortMessage?: string }) => setResult(`Error: ${error.shortMessage ?? error.message}`))
  }
  return (
    <section className="card" aria-labelledby="wagmi-title" data-testid="wagmi" data-reconnected={reconnected}>
      <h2 id="wagmi-title">wagmi</h2>
      <p className="card-lead" data-testid="wagmi-status">
        {account.status === 'connected' ? `Connected: ${account.address}` : `Status: ${account.status}`}
      </p>
      <div className="card-actions">
        {account.status === 'connected' ? (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => run(async () => `Signature: ${await signMessage(wagmiConfig, { message: WAGMI_DEMO_MESSAGE })}`)}>
              Sign with wagmi
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => run(async () => (await disconnect(wagmiConfig), 'Disconnected'))}>
              Disconnect wagmi
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => run(async () => `Connected: ${(await connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! })).accounts[0]}`)}>
            Connect with wagmi
          </button>
        )}
      </div>
      {result ? (
        <p className="inline-status" role="status" data-testid="wagmi-result" style={{ wordBreak: 'break-all' }}>
          {result}
        </p>
      ) : null}
    </section>
  )
}
