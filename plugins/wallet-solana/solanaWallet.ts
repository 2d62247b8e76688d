import type { Foyer } from '../../core/client/types.js'
import type { LinkedAccount, User } from '../../core/protocol/index.js'
import type { TransactionWallet } from '../wallet-transactions/index.js'
import type { SolanaCluster } from '../../core/client/wallets/solanaClusters.js'

/**
 * What the Solana face needs of a wallet once a dapp or the host uses it: its signatures (the keys stay with the
 * wallet) and its transactions. The embedded wallet hands one over, loaded on first use (`embeddedWallet()` brings this
 * plugin with it); the plugin never reaches into the wallet's own modules.
 */
export interface SolanaWallet {
  /** Signs `message` with the account `address`: the ed25519 signature (64 bytes). */
  signMessage(address: string, message: Uint8Array): Promise<Uint8Array>
  /** Signs serialized transaction bytes with the account `address`; the signed bytes. */
  signTransaction(address: string, bytes: Uint8Array): Promise<Uint8Array>
  /** The wallet as the transaction plugin sees it, with the face's prompt policy. */
  transactionWallet(options: { prompt: (showWalletUIs?: boolean) => boolean }): TransactionWallet
}

/** How the wallet shows: its name, its icon (a data URI) and the same icon base64-encoded (wallet-standard's form). */
export interface SolanaWalletIdentity {
  name: string
  icon: string
  standardIcon: `data:image/${'svg+xml' | 'webp' | 'png' | 'gif'};base64,${string}`
}

/** Options of walletSolana(): the wallet the face serves, and the host's policy (the embedded wallet hands over its own). */
export interface WalletSolanaOptions {
  /** The wallet's Solana accounts of `user`, walletIndex order: read before any of the plugin's code loads. */
  accounts: (user: User | null) => readonly LinkedAccount[]
  /** The wallet, loaded on first use (a signature, a send). */
  wallet: (foyer: Foyer) => Promise<SolanaWallet>
  /** The accounts' `walletClientType` and `connectorType` in useSolanaWallets(). */
  walletClientType: string
  connectorType: string
  /** How the wallet shows: its name, its icon (a data URI) and the same icon base64-encoded (wallet-standard's form). */
  identity: SolanaWalletIdentity
  /** Solana clusters and their RPC URLs (the first is the default): the chains dapps see. */
  clusters?: readonly SolanaCluster[]
  /** Whether a send shows its confirmation screen when the call doesn't say (the host's showWalletUIs); default true. */
  prompt?: () => boolean
}
