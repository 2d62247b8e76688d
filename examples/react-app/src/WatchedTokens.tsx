import { useEffect, useState } from 'react'
import type { ConnectedWallet } from 'foyer'
import { useWatchedAssets } from 'foyer/plugins/embedded-wallet'

type Eip1193 = { request(args: { method: string; params?: unknown }): Promise<unknown> }

/**
 * The wallet's tokens on its current chain: the ones the user approved through wallet_watchAsset (useWatchedAssets),
 * each with its balance read through the wallet's own provider (balanceOf, forwarded to the chain's RPC). Nothing shows
 * until a token is watched.
 */
export function WatchedTokens({ wallet }: { wallet: ConnectedWallet }) {
  const chainId = Number(wallet.chainId.split(':')[1])
  const { assets } = useWatchedAssets({ wallet: wallet.address, chainId })
  const [balances, setBalances] = useState<Record<string, string>>({})
  const [reads, setReads] = useState(0)
  useEffect(() => {
    if (!assets.length) return
    let live = true
    void (async () => {
      const { createPublicClient, custom, erc20Abi, formatUnits } = await import('viem')
      const client = createPublicClient({ transport: custom((await wallet.getEthereumProvider()) as Eip1193) })
      const read = async (token: (typeof assets)[number]) => {
        try {
          return formatUnits(await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [wallet.address as `0x${string}`] }), token.decimals)
        } catch {
          return 'unavailable'
        }
      }
      const entries = await Promise.all(assets.map(async (token) => [token.address, await read(token)] as const))
      if (live) setBalances(Object.fromEntries(entries))
    })()
    return () => {
      live = false
    }
  }, [assets, wallet, reads])
  if (!assets.length) return null
  return (
    <div data-testid="watched-tokens" style={{ flexBasis: '100%' }}>
      <p className="card-lead">
        Tokens (wallet_watchAsset) on <code>{wallet.chainId}</code>{' '}
        <button type="button" className="btn btn-secondary" onClick={() => setReads((n) => n + 1)}>
          Refresh balances
        </button>
      </p>
      <ul className="card-lead">
        {assets.map((token) => (
          <li key={token.address} data-testid="watched-token">
            <span data-testid="watched-token-symbol">{token.symbol}</span>: <code data-testid="watched-token-balance">{balances[token.address] ?? '…'}</code>
            {token.name ? ` (${token.name})` : ''}
          </li>
        ))}
      </ul>
    </div>
  )
}
