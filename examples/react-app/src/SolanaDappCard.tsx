import { useMemo, useState } from 'react'
import { ConnectionProvider, useConnection, useWallet, WalletProvider } from '@solana/wallet-adapter-react'
import type { User } from 'foyer'
import { embeddedWalletsOf } from 'foyer/plugins/embedded-wallet'
import { localStack } from './localStack.js'

/** The message 'Sign with wallet-adapter' signs, and where 'Send 0.1 SOL with wallet-adapter' sends. */
export const SOLANA_DAPP_MESSAGE = 'Hello from a Solana dapp'
export const SOLANA_DAPP_RECIPIENT = 'Wsh6mD9Wkz2DYGxDAMyHsoEPFQn633bRGd5rw4ZwDXw'

/**
 * A Solana dapp beside Foyer, built the usual way: @solana/wallet-adapter-react's providers with no wallet listed by
 * hand. It finds 'Foyer Wallet' by wallet-standard like any installed wallet, connects, signs a message and sends a
 * transaction through it (the embedded wallet's send screen). Shown once the user has an embedded Solana wallet.
 */
export default function SolanaDappCard({ user }: { user: User }) {
  const endpoint = new URLSearchParams(location.search).get('solana_rpc') ?? localStack?.solanaRpcUrl ?? 'https://api.mainnet-beta.solana.com'
  if (!embeddedWalletsOf(user, 'solana').length) return null
  return (
    <ConnectionProvider endpoint={endpoint}>
      <WalletProvider wallets={[]} autoConnect={false}>
        <SolanaDapp />
      </WalletProvider>
    </ConnectionProvider>
  )
}

function SolanaDapp() {
  const { wallets, wallet, select, connect, connected, publicKey, signMessage, sendTransaction } = useWallet()
  const { connection } = useConnection()
  const [result, setResult] = useState<string | null>(null)
  const names = useMemo(() => wallets.map((w) => w.adapter.name), [wallets])
  const run = (action: () => Promise<string>) => {
    setResult(null)
    action().then(setResult, (error: Error) => setResult(`Error: ${error.message || error.name}`))
  }
  const send = async () => {
    const { PublicKey, SystemProgram, Transaction, LAMPORTS_PER_SOL } = await import('@solana/web3.js')
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: publicKey!, toPubkey: new PublicKey(SOLANA_DAPP_RECIPIENT), lamports: LAMPORTS_PER_SOL / 10 }))
    const signature = await sendTransaction(tx, connection)
    return `Signature: ${signature}`
  }
  return (
    <section className="card" aria-labelledby="solana-dapp-title" data-testid="solana-dapp">
      <h2 id="solana-dapp-title">Solana dapp (wallet-adapter)</h2>
      <p className="card-lead" data-testid="solana-dapp-wallets">
        Wallets found: {names.join(', ') || 'none'}
      </p>
      <p className="card-lead" data-testid="solana-dapp-status">
        {connected && publicKey ? `Connected: ${publicKey.toBase58()}` : wallet ? `Selected: ${wallet.adapter.name}` : 'Not connected'}
      </p>
      <div className="card-actions">
        {!connected ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!names.includes('Foyer Wallet' as never)}
            onClick={() => (wallet?.adapter.name === 'Foyer Wallet' ? run(async () => (await connect(), 'Connected')) : select('Foyer Wallet' as never))}
          >
            {wallet?.adapter.name === 'Foyer Wallet' ? 'Connect Foyer Wallet' : 'Select Foyer Wallet'}
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => run(async () => `Signed: ${btoa(String.fromCharCode(...(await signMessage!(new TextEncoder().encode(SOLANA_DAPP_MESSAGE)))))}`)}>
              Sign with wallet-adapter
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => run(send)}>
              Send 0.1 SOL with wallet-adapter
            </button>
          </>
        )}
      </div>
      {result ? (
        <p className="inline-status" role="status" data-testid="solana-dapp-result" style={{ wordBreak: 'break-all' }}>
          {result}
        </p>
      ) : null}
    </section>
  )
}
