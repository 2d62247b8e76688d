import { useState } from 'react'
import { useConnectWallet, useFoyer, useFoyerKernel, useWallets, type ConnectedWallet } from 'foyer'
import { useLinkWallet } from 'foyer/plugins/siwe'
import { CodeSnippet } from './CodeSnippet.js'
import { MethodIcon } from './MethodIcon.js'
import { serverEnabledMethods } from './serverEnabledMethods.js'
import { snippets } from './snippets.js'

/**
 * Connected external wallets (useWallets): connect without signing in (useConnectWallet), switch an Ethereum
 * wallet between the app's chains, disconnect; signed in, 'Link a wallet' when the server has wallet sign-in on.
 */
export function WalletsCard() {
  const foyer = useFoyerKernel()
  const { authenticated } = useFoyer()
  const { wallets } = useWallets()
  const [error, setError] = useState<string | null>(null)
  const { connectWallet } = useConnectWallet({
    onSuccess: ({ wallet }) => console.info('Wallet connected:', wallet.address),
    onError: (code) => console.info('Connect wallet ended:', code),
  })
  if (!foyer.registry.plugins.some((p) => p.kind === 'connector')) return null
  const chains = (foyer.$config.value?.client.supportedChains ?? []).map((c) => ({ id: c.id, name: c.name }))
  const linkWallet = authenticated && serverEnabledMethods(foyer).link.some((m) => m.id === 'wallet') && Boolean(foyer.registry.plugin('siwe'))
  const run = (action: () => Promise<unknown>) => {
    setError(null)
    action().catch((e) => setError(e?.shortMessage ?? e?.message ?? 'The wallet refused.'))
  }

  return (
    <section className="card" aria-labelledby="wallets-title">
      <h2 id="wallets-title">Wallets</h2>
      <p className="card-lead">
        {authenticated ? 'External wallets connected to this page.' : 'Connect a browser or mobile wallet without signing in.'}
      </p>
      <ul className="wallet-list" data-testid="wallets" aria-label="Connected wallets">
        {wallets.map((wallet) => (
          <WalletRow key={`${wallet.meta.id}:${wallet.address}`} wallet={wallet} chains={chains} run={run} />
        ))}
      </ul>
      {wallets.length === 0 ? <p className="empty">No wallet connected.</p> : null}
      <p className="inline-status" role="status">
        {error}
      </p>
      <div className="card-actions">
        <button type="button" className="btn btn-secondary" onClick={() => connectWallet()}>
          Connect wallet
        </button>
        {linkWallet ? <LinkWalletButton /> : null}
      </div>
      <CodeSnippet title="useWallets and useConnectWallet" code={snippets.wallets({ linkWallet, chains: chains.map((c) => c.id) })} />
    </section>
  )
}

/** One wallet: icon, name, address, CAIP-2 chain, 'Switch to …' for the app's other chains, 'Disconnect'. */
function WalletRow({ wallet, chains, run }: { wallet: ConnectedWallet; chains: { id: number; name: string }[]; run: (action: () => Promise<unknown>) => void }) {
  // Only Ethereum wallets switch chains, and only to the app's supportedChains.
  const others = wallet.type === 'ethereum' ? chains.filter((c) => `eip155:${c.id}` !== wallet.chainId) : []
  return (
    <li className="wallet-row" data-address={wallet.address}>
      <MethodIcon icon={wallet.meta.icon} name={wallet.meta.name} />
      <div className="wallet-main">
        <span className="wallet-name">{wallet.meta.name}</span>
        <code className="mono" data-testid="wallet-address">
          {wallet.address}
        </code>
        <span className="wallet-meta">
          <code data-testid="wallet-chain">{wallet.chainId}</code>
          <span className="tag">{wallet.connectorType}</span>
        </span>
      </div>
      <div className="row-actions">
        {others.map((chain) => (
          <button key={chain.id} type="button" className="btn btn-small" title={chain.name} onClick={() => run(() => wallet.switchChain(chain.id))}>
            Switch to {chain.id}
          </button>
        ))}
        <button type="button" className="btn btn-small btn-danger" onClick={() => run(() => wallet.disconnect())}>
          Disconnect
        </button>
      </div>
    </li>
  )
}

/** 'Link a wallet': the wallet list, then Sign-In With Ethereum links the wallet to the user. */
function LinkWalletButton() {
  const { linkWallet } = useLinkWallet({ onError: (code) => console.info('Link wallet ended:', code) })
  return (
    <button type="button" className="btn btn-secondary" onClick={linkWallet}>
      Link a wallet
    </button>
  )
}
