import type { Foyer } from '../../../core/client/types.js'
import type { WalletConnector } from '../../../core/client/wallets/types.js'
import { embeddedSolanaConnector } from './embeddedSolanaConnector.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { registerStandardWallet } from './standard/registerStandardWallet.js'
import { createSolanaStandardWallet } from './standard/solanaStandardWallet.js'
import { solanaSignMessage } from './standard/solanaSignMessage.js'
import { rpcUrlOfStandardChain, standardChainsOf, type SolanaCluster } from './solanaClusters.js'
import { loadSolanaTransactions } from '../../wallet-transactions/index.js'

/**
 * The page's embedded Solana wallets (loaded once the user has one): a connector per wallet for the wallet manager,
 * and one wallet-standard wallet for dapps, registered while the user has any. Both sign through the wallet frame.
 */
export function createEmbeddedSolanaWallets(foyer: Foyer, deps: EmbeddedSolanaWalletsDeps, win: Window | undefined = typeof window === 'undefined' ? undefined : window) {
  const sign = (address: string, message: Uint8Array) => solanaSignMessage(foyer, deps.state(), message, address)
  // Transactions are the transaction plugin's (the preview, the RPC calls), loaded on first use with this wallet's
  // signing and policy.
  const wallet = async () =>
    (await import('../state/transactionWallet.js')).embeddedTransactionWallet(foyer, deps.state(), {
      prompt: (show) => show ?? deps.prompt?.() ?? true,
      priceDisplay: deps.priceDisplay ?? 'usd',
      clusters: deps.clusters ?? [],
    })
  const signTransaction = async <T,>(address: string, transaction: T): Promise<T> =>
    (await loadSolanaTransactions()).signSolanaTransaction(await wallet(), transaction as never, address) as Promise<T>
  const sendTransaction = async (address: string, transaction: unknown, connection?: unknown): Promise<string> => {
    const { sendSolanaTransaction } = await loadSolanaTransactions()
    const answer = await sendSolanaTransaction(foyer, await wallet(), transaction as never, connection as never, { address })
    return answer.signature
  }
  // For dapps (wallet-standard): serialized bytes, legacy or v0, already carrying their fee payer and blockhash.
  // The dapp's chain picks the node: its configured cluster, or localnet's when one is local (wallet-adapter's rule).
  const standard = createSolanaStandardWallet(
    sign,
    {
      signTransaction: async (address, bytes) => (await import('./solanaSignTransactionBytes.js')).signSolanaTransactionBytes(foyer, deps.state(), address, bytes),
      signAndSendTransaction: (address, bytes, chain) => {
        const rpcEndpoint = rpcUrlOfStandardChain(chain, deps.clusters)
        if (!rpcEndpoint) return Promise.reject(new Error(`No Solana cluster is configured for ${chain}`))
        return sendTransaction(address, { version: 'serialized', serialize: () => bytes }, { rpcEndpoint })
      },
    },
    standardChainsOf(deps.clusters),
  )
  // One connector per address for the kernel's life: the manager's listeners stay attached to it.
  const connectors = new Map<string, WalletConnector>()
  const connectorOf = (address: string) => {
    let connector = connectors.get(address)
    if (!connector) connectors.set(address, (connector = embeddedSolanaConnector(foyer, address, { sign, provider: standard.wallet, signTransaction, sendTransaction })))
    return connector
  }
  let unregister: (() => void) | null = null
  return {
    wallet: standard.wallet,
    /** Follows the user's embedded Solana wallets (in walletIndex order): answers their connectors. */
    update(addresses: readonly string[]): WalletConnector[] {
      // Accounts change first (dapps hear 'change'), then the wallet joins or leaves the registries.
      standard.setAddresses(addresses)
      if (addresses.length > 0 && !unregister && win) unregister = registerStandardWallet(standard.wallet, win)
      if (addresses.length === 0 && unregister) {
        unregister()
        unregister = null
      }
      return addresses.map(connectorOf)
    },
    stop() {
      standard.setAddresses([])
      unregister?.()
      unregister = null
    },
  }
}

/** What the embedded Solana wallets need: the plugin's state, its Solana clusters, whether the send screen shows. */
export interface EmbeddedSolanaWalletsDeps {
  state: () => EmbeddedWalletState
  clusters?: readonly SolanaCluster[]
  prompt?: () => boolean
  /** How the send screen shows amounts (the plugin's `priceDisplay`; default 'usd'). */
  priceDisplay?: 'usd' | 'native'
}

/** The page's embedded Solana wallets (createEmbeddedSolanaWallets). */
export type EmbeddedSolanaWallets = ReturnType<typeof createEmbeddedSolanaWallets>
