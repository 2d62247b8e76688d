import { useState } from 'react'
import { useFoyer, useSolanaWallets, type User } from 'foyer'
import { embeddedWalletsOf } from 'foyer/plugins/embedded-wallet'
import { useFundWallet, type FundWalletOptions } from 'foyer/plugins/funding'
import { useCardAction } from './useCardAction.js'
import { EmbeddedProviderDemo } from './EmbeddedProviderDemo.js'
import { SendTransactionCard } from './SendTransactionCard.js'

/** The typed data 'Sign typed data' asks for (EIP-712). */
export const DEMO_TYPED_DATA = {
  domain: { name: 'Foyer demo', version: '1', chainId: 1 },
  types: { Greeting: [{ name: 'text', type: 'string' }, { name: 'from', type: 'address' }] },
  primaryType: 'Greeting',
  message: { text: 'Hello', from: '0x0000000000000000000000000000000000000001' },
} as const

/** The page's first ?chains= chain (the e2e's anvil); without it the app's funding_config default. */
const pageChain = () => {
  const chainId = Number(new URLSearchParams(location.search).get('chains')?.split(':')[0]) || null
  return chainId ? { chain: `eip155:${chainId}` } : {}
}

/**
 * Embedded wallets: each one's address (the key stays in the wallet frame), 'Sign a message' through the modal's
 * sign screen, 'Create another wallet' (the next HD index), export and import; the Solana wallet through
 * useSolanaWallets() (createWallet, the listed wallet's signMessage(bytes), exportWallet).
 */
export function EmbeddedWalletsCard({ user }: { user: User }) {
  const { createWallet, signMessage, signTypedData, importWallet, exportWallet } = useFoyer()
  const { fundWallet } = useFundWallet()
  const { wallets: solanaWallets, createWallet: createSolanaWallet, exportWallet: exportSolanaWallet } = useSolanaWallets()
  const embeddedSolana = solanaWallets.find((w) => w.walletClientType === 'privy')
  const [key, setKey] = useState('')
  const { result, busy, run } = useCardAction()
  const wallets = embeddedWalletsOf(user)
  const ethereum = embeddedWalletsOf(user, 'ethereum')
  const solana = embeddedWalletsOf(user, 'solana')
  /** fundWallet, its answer shown as 'status (method)'. */
  const fund = (address: string, options: FundWalletOptions) =>
    run('Funding', async () => {
      const result = await fundWallet({ address, options })
      return `${result.status}${result.method ? ` (${result.method})` : ''}`
    })
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
        {ethereum.length === 0 ? (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Created', async () => String((await createWallet()).address))}>
            Create a wallet
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Signature', () => signMessage({ message: 'Hello from the Foyer demo' }))}>
              Sign a message
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Signature', () => signTypedData(DEMO_TYPED_DATA))}>
              Sign typed data
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Created', async () => String((await createWallet({ createAdditional: true })).address))}>
              Create another wallet
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Export', async () => (await exportWallet(), 'closed'))}>
              Export
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => fund(String(ethereum[0]!.address), pageChain())}
            >
              Fund wallet
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => fund(String(ethereum[0]!.address), { asset: 'USDC', amount: '5', ...pageChain() })}
            >
              Fund with USDC
            </button>
          </>
        )}
        {solana.length === 0 ? (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Created', async () => String((await createSolanaWallet()).address))}>
            Create a Solana wallet
          </button>
        ) : null}
        {embeddedSolana ? (
          <>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() =>
                run('Solana signature', async () => btoa(String.fromCharCode(...(await embeddedSolana.signMessage(new TextEncoder().encode('Hello from the Foyer demo'))))))
              }
            >
              Sign with the Solana wallet
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => run('Export', async () => (await exportSolanaWallet({ address: embeddedSolana.address }), 'closed'))}>
              Export Solana wallet
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => fund(embeddedSolana.address, { amount: '0.5' })}
            >
              Fund Solana wallet
            </button>
          </>
        ) : null}
      </div>
      {solanaWallets[0] ? (
        <p className="card-lead" data-testid="solana-wallets">
          useSolanaWallets()[0]: <code data-testid="solana-first">{solanaWallets[0].address}</code>{' '}
          <span className="tag" data-testid="solana-first-type">{`${solanaWallets[0].connectorType} ${solanaWallets[0].walletClientType}`}</span>
        </p>
      ) : null}
      {ethereum.length === 0 ? (
        <form
          className="card-actions"
          onSubmit={(event) => {
            event.preventDefault()
            void run('Imported', async () => String((await importWallet({ privateKey: key })).address))
          }}
        >
          <input aria-label="Private key to import" placeholder="0x… private key" value={key} onChange={(e) => setKey(e.target.value)} autoComplete="off" />
          <button type="submit" className="btn btn-secondary" disabled={busy || !key}>
            Import a key
          </button>
        </form>
      ) : null}
      {result ? (
        <p className="card-lead" data-testid="embedded-result">
          {result.label}: <code style={{ wordBreak: 'break-all' }}>{result.value}</code>
        </p>
      ) : null}
      <EmbeddedProviderDemo />
      {ethereum[0] ? <SendTransactionCard address={String(ethereum[0].address)} /> : null}
    </section>
  )
}
