import { useEffect, useState } from 'react'
import { connect, disconnect, getAccount, sendCalls, signMessage, waitForCallsStatus, watchAccount } from '@wagmi/core'
import { BATCH_DEMO_RECIPIENTS, BATCH_DEMO_VALUE } from './SendBatchDemo.js'
import { wagmiConfig, wagmiReconnected } from './wagmiDemo.js'

/** The message 'Sign with wagmi' signs. */
export const WAGMI_DEMO_MESSAGE = 'Hello from wagmi'

/**
 * 'wagmi': the embedded wallet through wagmi's own actions and the foyer() connector (foyer/wagmi). The login connects
 * it, and it stays connected across reloads: wagmi's reconnect at page load waits for Foyer's session. 'Send calls with
 * wagmi' is wagmi's sendCalls (EIP-5792) of 'Send a batch''s two transfers: one user operation when the user's smart
 * wallet is on the chain.
 */
/** wagmi's sendCalls and waitForCallsStatus: 'Calls: <status>, atomic <true|false>, transactions <hash …>'. */
async function sendDemoCalls(): Promise<string> {
  const { id } = await sendCalls(wagmiConfig, { calls: BATCH_DEMO_RECIPIENTS.map((to) => ({ to, value: BATCH_DEMO_VALUE })) })
  const status = await waitForCallsStatus(wagmiConfig, { id, pollingInterval: 500, timeout: 120_000 })
  return `Calls: ${status.status}, atomic ${status.atomic}, transactions ${(status.receipts ?? []).map((r) => r.transactionHash).join(' ')}`
}

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
      <p className="card-lead" data-testid="wagmi-status" style={{ overflowWrap: 'anywhere' }}>
        {account.status === 'connected' ? `Connected: ${account.address}` : `Status: ${account.status}`}
      </p>
      <div className="card-actions">
        {account.status === 'connected' ? (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => run(async () => `Signature: ${await signMessage(wagmiConfig, { message: WAGMI_DEMO_MESSAGE })}`)}>
              Sign with wagmi
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => run(sendDemoCalls)}>
              Send calls with wagmi
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
