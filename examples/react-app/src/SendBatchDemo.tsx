import { useState } from 'react'
import type { ConnectedWallet } from 'foyer'
import { providerWalletClient } from './providerWalletClient.js'

/** Where 'Send a batch' sends: anvil's third and fourth accounts (fixed addresses the e2e test reads), 0.0001 ETH each. */
export const BATCH_DEMO_RECIPIENTS = ['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', '0x90F79bf6EB2c4f870365E785982E1f101E93b906'] as const
export const BATCH_DEMO_VALUE = 100_000_000_000_000n

type Outcome = { statusCode: number; atomic: boolean; hashes: string[] } | { error: string }

/**
 * 'Send a batch': viem's sendCalls (EIP-5792) on the embedded wallet's provider with two transfers, then
 * waitForCallsStatus — one confirmation for both; one user operation when the user's smart wallet is on this chain.
 */
export function SendBatchDemo({ wallet, disabled }: { wallet: ConnectedWallet; disabled: boolean }) {
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const send = async () => {
    setBusy(true)
    setOutcome(null)
    try {
      const { provider, client } = await providerWalletClient(wallet)
      // sendCalls names the chain: the provider's current one.
      const id = Number(await provider.request({ method: 'eth_chainId' }))
      const chain = { id, name: `Chain ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } }
      const { id: batchId } = await client.sendCalls({ chain, calls: BATCH_DEMO_RECIPIENTS.map((to) => ({ to, value: BATCH_DEMO_VALUE })) })
      const status = await client.waitForCallsStatus({ id: batchId, pollingInterval: 500, timeout: 120_000 })
      setOutcome({ statusCode: status.statusCode, atomic: status.atomic, hashes: (status.receipts ?? []).map((r) => r.transactionHash) })
    } catch (error) {
      // viem wraps the provider's error (its code, 4001 for a closed confirmation, is on a cause).
      let code: unknown
      for (let e = error as { code?: unknown; cause?: unknown } | undefined; e && code === undefined; e = e.cause as typeof e) code = e.code
      const e = error as { shortMessage?: string; message?: string }
      setOutcome({ error: `${code ?? ''} ${e.shortMessage ?? e.message ?? String(error)}`.trim() })
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" className="btn btn-secondary" disabled={disabled || busy} onClick={send}>
        Send a batch
      </button>
      {outcome ? (
        <p className="card-lead" data-testid="provider-batch-result" role="status" style={{ flexBasis: '100%' }}>
          {'error' in outcome ? (
            <>
              Batch error: <code data-testid="provider-batch-error">{outcome.error}</code>
            </>
          ) : (
            <>
              Batch status <code data-testid="provider-batch-status">{outcome.statusCode}</code>, atomic{' '}
              <code data-testid="provider-batch-atomic">{String(outcome.atomic)}</code>:{' '}
              {outcome.hashes.map((hash) => (
                <code key={hash} data-testid="provider-batch-hash" style={{ wordBreak: 'break-all', display: 'block' }}>
                  {hash}
                </code>
              ))}
            </>
          )}
        </p>
      ) : null}
    </>
  )
}
