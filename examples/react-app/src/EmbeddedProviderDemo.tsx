import { useState } from 'react'
import { useWallets } from 'foyer'
import { demoUsdcAddresses } from './demoUsdc.js'
import { providerWalletClient } from './providerWalletClient.js'
import { SendBatchDemo } from './SendBatchDemo.js'
import { WatchedTokens } from './WatchedTokens.js'

/** The message 'Sign with the provider' signs. */
export const PROVIDER_DEMO_MESSAGE = 'Hello from the embedded provider'


/**
 * The embedded wallet as a dapp sees it: the first wallet of useWallets(), its getEthereumProvider() behind viem's
 * custom() transport — sign a message, read eth_chainId, send a transaction on the app's chain (?chains=…), sign one
 * without sending it (eth_signTransaction), send a batch of calls (EIP-5792), and, where the page knows a test USDC on
 * the wallet's chain, watch it (EIP-747: 'Add suggested token'); watched tokens show below with their balances.
 */
export function EmbeddedProviderDemo() {
  const { wallets } = useWallets()
  const [result, setResult] = useState<{ label: string; value: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const wallet = wallets.find((w) => w.walletClientType === 'privy' && w.type === 'ethereum')
  if (!wallet) return null
  const usdc = demoUsdcAddresses()?.[Number(wallet.chainId.split(':')[1])]
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
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Signature', async () => (await providerWalletClient(wallet)).client.signMessage({ message: PROVIDER_DEMO_MESSAGE }))}>
          Sign with the provider
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('eth_chainId', async () => String(await (await providerWalletClient(wallet)).provider.request({ method: 'eth_chainId' })))}>
          Read eth_chainId
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => run('Transaction', async () => (await providerWalletClient(wallet)).client.sendTransaction({ to: wallet.address as `0x${string}`, value: 1000n, chain: null }))}
        >
          Send 1000 wei to myself
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => run('Signed', async () => (await providerWalletClient(wallet)).client.signTransaction({ to: wallet.address as `0x${string}`, value: 1000n, chain: null }))}
        >
          Sign a transaction with the provider
        </button>
        <SendBatchDemo wallet={wallet} disabled={busy} />
        {usdc ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            // The demo's test USDC (an OpenZeppelin preset): symbol USDC, 18 decimals — the wallet checks both against the contract.
            onClick={() => run('Watched', async () => String(await (await providerWalletClient(wallet)).client.watchAsset({ type: 'ERC20', options: { address: usdc, symbol: 'USDC', decimals: 18 } })))}
          >
            Watch test USDC
          </button>
        ) : null}
      </div>
      <WatchedTokens wallet={wallet} />
      {result ? (
        <p className="card-lead" data-testid="provider-result">
          {result.label}: <code style={{ wordBreak: 'break-all' }}>{result.value}</code>
        </p>
      ) : null}
    </div>
  )
}
