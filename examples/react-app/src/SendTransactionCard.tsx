import { useState } from 'react'
import { useSendTransaction, useSignTransaction } from 'foyer/plugins/embedded-wallet'
import { LocalFaucetButton } from './LocalFaucetButton.js'

/** What 'Send' starts with: 1000 wei to the wallet itself (the address is filled in when the card shows). */
const sample = (address: string) => JSON.stringify({ to: address, value: '0x3e8' }, null, 2)

/**
 * useSendTransaction / useSignTransaction with the embedded wallet: the request as JSON (an object, or a list for a
 * multi-step transaction; quantities as hex strings), sent on the confirmation screen, or without it ('Send without UI').
 */
export function SendTransactionCard({ address }: { address: string }) {
  const [request, setRequest] = useState(() => sample(address))
  const [result, setResult] = useState<{ label: string; value: string } | null>(null)
  const [busy, setBusy] = useState(false)
  // The receipt sendTransaction answered with (the screen waited for it), as JSON.
  const [receipt, setReceipt] = useState<string | null>(null)
  const report = { onError: (error: Error) => setResult({ label: 'Error', value: `${(error as { code?: unknown }).code ?? ''} ${error.message}`.trim() }) }
  const { sendTransaction } = useSendTransaction(report)
  const { signTransaction } = useSignTransaction(report)
  const run = async (label: string, action: (parsed: unknown) => Promise<string>) => {
    setBusy(true)
    try {
      setResult({ label, value: await action(JSON.parse(request)) })
    } catch {
      // onError reported it (or the JSON didn't parse).
    } finally {
      setBusy(false)
    }
  }
  return (
    <div data-testid="send-transaction">
      <p className="card-lead">Send a transaction from the embedded wallet (JSON; a list is a multi-step transaction).</p>
      <textarea aria-label="Transaction request" rows={5} style={{ width: '100%', fontFamily: 'monospace' }} value={request} onChange={(e) => setRequest(e.target.value)} />
      <div className="card-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() =>
            run('Sent', async (r) => {
              setReceipt(null)
              const sent = await sendTransaction(r, { uiOptions: { successDescription: 'Your transaction is on chain.' } })
              setReceipt(sent.receipt ? JSON.stringify(sent.receipt, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) : null)
              return sent.hash
            })
          }
        >
          Send transaction
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Sent', async (r) => (await sendTransaction(r, { uiOptions: { showWalletUIs: false } })).hash)}>
          Send without UI
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Signed', async (r) => (await signTransaction(r)).signature)}>
          Sign transaction
        </button>
        <LocalFaucetButton chain="ethereum" address={address} />
      </div>
      {result ? (
        <p className="card-lead" data-testid="send-transaction-result">
          {result.label}: <code style={{ wordBreak: 'break-all' }}>{result.value}</code>
        </p>
      ) : null}
      {receipt ? (
        <details>
          <summary>Receipt</summary>
          <pre data-testid="send-transaction-receipt" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {receipt}
          </pre>
        </details>
      ) : null}
    </div>
  )
}
