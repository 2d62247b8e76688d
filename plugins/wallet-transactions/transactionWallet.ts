import type { SupportedChain } from '../../core/client/wallets/supportedChain.js'
import type { CallBatchStore } from './ethereum/calls/callBatchStore.js'

/** The Solana clusters by name (the spec's §9). */
export type SolanaNetwork = 'mainnet-beta' | 'devnet' | 'testnet'

/**
 * What the transaction screens and flows need of a wallet: its accounts, its signatures (the keys stay with the
 * wallet), its chains and its prompt policy. The embedded wallet hands one over (`embeddedWallet()` brings this plugin
 * with it); the plugin never reaches into the wallet's own modules.
 */
export interface TransactionWallet {
  /** The Ethereum account at `address` (default the first), or the wallet's NO_EMBEDDED_WALLET error. */
  ethereumAddress(address?: string): `0x${string}`
  /** Signs a filled Ethereum transaction (eth_signTransaction's object) with the account `from`; the signed bytes. */
  signEthereumTransaction(from: `0x${string}`, transaction: Record<string, unknown>): Promise<`0x${string}`>
  /** The Solana account at `address` (default the first), or the wallet's NO_EMBEDDED_WALLET error. */
  solanaAddress(address?: string): string
  /** Signs serialized Solana transaction bytes with the account `address`; the signed bytes. */
  signSolanaTransaction(address: string, bytes: Uint8Array): Promise<Uint8Array>
  /** The Solana cluster sends go to when the caller gives no connection. */
  solanaCluster(): { name: SolanaNetwork; rpcUrl: string; wsUrl: string }
  /** The chains the wallet may be on: the host's, then the ones the user added. */
  knownChains(): readonly SupportedChain[]
  /** The chain of a request that names none. */
  defaultChainId(): number
  /** True when the wallet may be on `chainId`. */
  isSupportedChain(chainId: number): boolean
  /** 4902 (EmbeddedProviderRpcError) when the wallet may not be on `chainId`. */
  assertSupportedChain(chainId: number): void
  /** `chainId`'s JSON-RPC URL; 4901 when there is none. */
  rpcUrlOf(chainId: number): string
  /** The page's EIP-5792 batches (wallet_sendCalls, wallet_getCallsStatus). */
  batches(): CallBatchStore
  /** Whether a send shows the confirmation screens (the host's showWalletUIs, or the call's `uiOptions.showWalletUIs`). */
  prompt(showWalletUIs?: boolean): boolean
  /** How the screens show fees and totals. */
  priceDisplay: 'usd' | 'native'
}
