import type { Foyer } from '../../core/client/types.js'
import type { LinkedAccount, User } from '../../core/protocol/index.js'
import type { SupportedChain } from '../../core/client/wallets/supportedChain.js'
import type { CallBatchStore, TransactionWallet } from '../wallet-transactions/index.js'

/** An EIP-1193 signing request the wallet signs with one of its keys. */
export interface EthereumSignRequest {
  method: 'personal_sign' | 'eth_signTypedData_v4' | 'eth_signTypedData' | 'eth_signTransaction' | 'eth_sign'
  params: unknown[]
}

/** A token the user watches (EIP-747 `wallet_watchAsset`), for one of their wallets on one chain. */
export interface WatchedAsset {
  /** The wallet's address. */
  wallet: string
  chainId: number
  type: 'ERC20'
  /** The token contract. */
  address: `0x${string}`
  /** As the contract answers them (the request's when the contract has none). */
  symbol: string
  decimals: number
  name?: string
  /** The logo URL the app suggested. */
  image?: string
}

/** A chain the user added (EIP-3085 `wallet_addEthereumChain`), in viem's Chain shape like the host's chains. */
export type AddedChain = SupportedChain

/**
 * What the Ethereum face needs of a wallet once a dapp or the host uses it: its accounts, its signatures (the keys stay
 * with the wallet), its chains, what the user approved (watched tokens, added chains) and its transactions. The
 * embedded wallet hands one over, loaded on first use (`embeddedWallet()` brings this plugin with it); the plugin never
 * reaches into the wallet's own modules.
 */
export interface EthereumWallet {
  /** The account at `address` (default the first), or the wallet's NO_EMBEDDED_WALLET error. */
  account(address?: string): LinkedAccount
  /** Has the wallet sign `request` with the account at `address`; the signature (hex). */
  sign(address: string, request: EthereumSignRequest): Promise<`0x${string}`>
  /** The chains the wallet may be on: the host's, then the ones the user added. */
  knownChains(): readonly SupportedChain[]
  /** The chain a new provider starts on. */
  defaultChainId(): number
  /** True when the wallet may be on `chainId`. */
  isSupportedChain(chainId: number): boolean
  /** 4902 (EmbeddedProviderRpcError) when the wallet may not be on `chainId`. */
  assertSupportedChain(chainId: number): void
  /** `chainId`'s JSON-RPC URL; 4901 when there is none. */
  rpcUrlOf(chainId: number): string
  /** The user's watched tokens, optionally of one wallet and one chain. */
  watchedAssets(filter?: { wallet?: string; chainId?: number }): WatchedAsset[]
  /** Remembers a watched token for the user (again: its details are replaced). */
  rememberWatchedAsset(asset: WatchedAsset): void
  /** Remembers a chain the user added (again: its details are replaced). */
  rememberAddedChain(chain: AddedChain): void
  /** The wallet as the transaction plugin sees it, with a provider's prompt policy and batches. */
  transactionWallet(options: { prompt: (showWalletUIs?: boolean) => boolean; batches: () => CallBatchStore }): TransactionWallet
}

/** Options of walletEthereum(): the wallet the face serves, and the host's policy (the embedded wallet hands over its own). */
export interface WalletEthereumOptions {
  /** The wallet's Ethereum accounts of `user`, walletIndex order: read before any of the plugin's code loads. */
  accounts: (user: User | null) => readonly LinkedAccount[]
  /** The wallet, loaded on first use (a provider's first request, a signature). */
  wallet: (foyer: Foyer) => Promise<EthereumWallet>
  /** The accounts' `walletClientType` in useWallets(). */
  walletClientType: string
  /** An account's `connectorType` in useWallets(). */
  connectorType: (account: LinkedAccount) => string
  /**
   * Whether a request shows its screen: `personal` for personal_sign (and signMessage), `showWalletUIs` the call's own
   * choice when it gives one (useFoyer().signMessage's `uiOptions.showWalletUIs`).
   */
  prompt: (personal: boolean, showWalletUIs?: boolean) => boolean
  /** How the transaction screens show amounts; default 'usd'. */
  priceDisplay?: 'usd' | 'native'
  /** The page's EIP-5792 batches, shared by its providers (default: each provider's own). */
  batches?: (foyer: Foyer) => CallBatchStore
  /** The providers' `isMetaMask` (a compatibility claim for dapps that look for it); default false. */
  isMetaMask?: boolean
}
