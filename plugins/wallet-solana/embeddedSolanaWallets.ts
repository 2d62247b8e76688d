import type { Foyer } from '../../core/client/types.js'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import { embeddedSolanaConnector } from './embeddedSolanaConnector.js'
import { registerStandardWallet } from './standard/registerStandardWallet.js'
import { createSolanaStandardWallet } from './standard/solanaStandardWallet.js'
import { rpcUrlOfStandardChain, standardChainsOf } from '../../core/client/wallets/solanaClusters.js'
import { loadSolanaTransactions } from '../wallet-transactions/index.js'
import type { WalletSolanaOptions } from './solanaWallet.js'

/**
 * The page's embedded Solana wallets (loaded once the user has one): a connector per wallet for the wallet manager,
 * and one wallet-standard wallet for dapps, registered while the user has any. Both sign through the wallet frame.
 */
export function createEmbeddedSolanaWallets(foyer: Foyer, deps: WalletSolanaOptions, win: Window | undefined = typeof window === 'undefined' ? undefined : window) {
  const sign = async (address: string, message: Uint8Array) => (await deps.wallet(foyer)).signMessage(address, message)
  // Transactions are the transaction plugin's (the preview, the RPC calls), loaded on first use with this wallet's
  // signing and policy.
  const wallet = async () => (await deps.wallet(foyer)).transactionWallet({ prompt: (show) => show ?? deps.prompt?.() ?? true })
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
      signTransaction: async (address, bytes) => (await deps.wallet(foyer)).signTransaction(address, bytes),
      signAndSendTransaction: (address, bytes, chain) => {
        const rpcEndpoint = rpcUrlOfStandardChain(chain, deps.clusters)
        if (!rpcEndpoint) return Promise.reject(new Error(`No Solana cluster is configured for ${chain}`))
        return sendTransaction(address, { version: 'serialized', serialize: () => bytes }, { rpcEndpoint })
      },
    },
    standardChainsOf(deps.clusters),
    deps.identity,
  )
  // One connector per address for the kernel's life: the manager's listeners stay attached to it.
  const connectors = new Map<string, WalletConnector>()
  const connectorOf = (address: string) => {
    let connector = connectors.get(address)
    if (!connector) connectors.set(address, (connector = embeddedSolanaConnector(foyer, address, deps, { sign, provider: standard.wallet, signTransaction, sendTransaction })))
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


/** The page's embedded Solana wallets (createEmbeddedSolanaWallets). */
export type EmbeddedSolanaWallets = ReturnType<typeof createEmbeddedSolanaWallets>
