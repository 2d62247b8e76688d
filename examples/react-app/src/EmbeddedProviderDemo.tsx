import { useState } from 'react'
import { useWallets, type ConnectedWallet } from 'foyer'

/** The message 'Sign with the provider' signs. */
export const PROVIDER_DEMO_MESSAGE = 'Hello from the embedded provider'

type Eip1193 = { request(args: { method: string; params?: unknown[] }): Promise<unknown> }

/** A viem wallet client over the wallet's EIP-1193 provider (viem loads on the first click). */
async function walletClient(wallet: ConnectedWallet) {
  const { createWalletClient, custom } = await import('viem')
  const provider = (await wallet.getEthereumProvider()) as Eip1193
  return { provider, client: createWalletClient({ account: wallet.address as `0x${string}`, transport: custom(provider) }) }
}

/**
 * The embedded wallet as a dapp sees it: the first wallet of useWallets(), its getEthereumProvider() behind viem's
 * custom() transport — sign a message, read eth_chainId, send a transaction on the app's chain (?chains=…), sign one
 * without sending it (eth_signTransaction).
 */
export function EmbeddedProviderDemo() {
  const { wallets } = useWallets()
  const [result, setResult] = useState<{ label: string; value: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const wallet = wallets.find((w) => w.walletClientType === 'privy' && w.type === 'ethereum')
  if (!wallet) return null
  const run = async (label: string, action: () => Promise<string>) => {
    setBusy(true)
    try {
      setResult({ label, value: await action() })
    } catch (error) {
      setResult({ label: 'Error', value: (error as { shortMessage?: string }).shortMessage ?? (error instanceof Error ? error.message : String(error)) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div data-testid="embedded-provider">
      <p className="card-lead">
        useWallets()[{wallets.indexOf(wallet)}]: <code data-testid="provider-wallet">{wallet.address}</code> <code data-testid="provider-chain">{wallet.chainId}</code>{' '}
        <span className="tag">{wallet.connectorType}</span>
      </p>
      <div className="card-actions">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Signature', async () => (await walletClient(wallet)).client.signMessage({ message: PROVIDER_DEMO_MESSAGE }))}>
          Sign with the provider
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('eth_chainId', async () => String(await (await walletClient(wallet)).provider.request({ method: 'eth_chainId' })))}>
          Read eth_chainId
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => run('Transaction', async () => (await walletClient(wallet)).client.sendTransaction({ to: wallet.address as `0x${string}`, value: 1000n, chain: null }))}
        >
          Send 1000 wei to myself
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => run('Signed', async () => (await walletClient(wallet)).client.signTransaction({ to: wallet.address as `0x${string}`, value: 1000n, chain: null }))}
        >
          Sign a transaction with the provider
        </button>
      </div>
      {result ? (
        <p className="card-lead" data-testid="provider-result">
          {result.label}: <code style={{ wordBreak: 'break-all' }}>{result.value}</code>
        </p>
      ) : null}
    </div>
  )
}
