import { useState } from 'react'
import { useFoyerKernel } from 'foyer'
import { useSmartWallets } from 'foyer/plugins/smart-wallets'
import { LocalFaucetButton } from './LocalFaucetButton.js'

/** Where 'Send with smart wallet' sends 0.0001 ETH: anvil's second account (a fixed address the e2e test reads). */
export const SMART_WALLET_DEMO_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const DEMO_VALUE = 100_000_000_000_000n
/** How the card names each smart-wallet type. */
const SMART_WALLET_NAMES = { simple: 'SimpleAccount', coinbase_smart_wallet: 'Coinbase Smart Wallet', safe: 'Safe' } as const

/**
 * 'Smart wallet': the ERC-4337 account the embedded wallet owns (shown once the smart-wallets plugin built and linked it,
 * when the server's app has a "smart-wallets" section), and a send through the bundler — gas 'Sponsored' when the network
 * has a paymaster.
 */
export function SmartWalletCard() {
  const foyer = useFoyerKernel()
  const { client, status, error } = useSmartWallets()
  const [result, setResult] = useState<{ label: string; value: string } | null>(null)
  const [busy, setBusy] = useState(false)
  if (!foyer.registry.plugin('smart-wallets') || status === 'idle' || status === 'disabled') return null
  const send = async () => {
    if (!client) return
    setBusy(true)
    try {
      setResult({ label: 'Sent', value: await client.sendTransaction({ to: SMART_WALLET_DEMO_RECIPIENT, value: DEMO_VALUE }) })
    } catch (e) {
      setResult({ label: 'Error', value: `${(e as { code?: unknown }).code ?? ''} ${(e as Error).message}`.trim() })
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="card" aria-labelledby="smart-wallet-title" data-testid="smart-wallet">
      <h2 id="smart-wallet-title">Smart wallet</h2>
      {client ? (
        <>
          <p className="card-lead">
            A {SMART_WALLET_NAMES[client.smartWalletType]} on {client.chain.name}, owned by your embedded wallet
            {client.sponsored ? '; its gas is sponsored.' : '.'}
          </p>
          <p>
            <code data-testid="smart-wallet-address">{client.account.address}</code>
          </p>
          <div className="card-actions">
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={send} data-testid="smart-wallet-send">
              Send with smart wallet
            </button>
            <LocalFaucetButton chain="ethereum" address={client.account.address} />
          </div>
        </>
      ) : status === 'error' ? (
        <p className="card-lead" data-testid="smart-wallet-error">
          {error?.message ?? 'The smart wallet could not be set up.'}
        </p>
      ) : (
        <p className="card-lead">Setting up your smart wallet…</p>
      )}
      {result ? (
        <p data-testid="smart-wallet-result">
          {result.label}: <code>{result.value}</code>
        </p>
      ) : null}
    </section>
  )
}
