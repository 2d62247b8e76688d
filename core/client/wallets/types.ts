import type { ReadonlySignal } from '@preact/signals-core'

/** The chains wallets live on. */
export type ChainType = 'ethereum' | 'solana'

/** The spec's connector types. */
export type ConnectorType =
  | 'embedded'
  | 'embedded_imported'
  | 'injected'
  | 'coinbase_wallet'
  | 'wallet_connect_v2'
  | 'null'
  | 'solana_adapter'
  | (string & {})

/** Chain parameters for adding a chain a wallet doesn't know (EIP-3085, used after a 4902). */
export interface AddChainParameters {
  chainId: number
  chainName: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: string[]
  blockExplorerUrls?: string[]
}

/**
 * One wallet a connector can connect: an injected extension, Coinbase, WalletConnect, a Solana
 * wallet. Chain ids are CAIP-2 strings ('eip155:1', 'solana:mainnet').
 */
export interface WalletConnector {
  /** Unique among all connectors (e.g. 'injected:io.metamask'). */
  id: string
  chain: ChainType
  connectorType: ConnectorType
  /** The spec's wallet id when known ('metamask', 'coinbase_wallet', 'phantom', ...), else a slug. */
  walletClientType: string
  name: string
  /** Inline SVG markup or an image URL (EIP-6963 icons are data URIs). */
  icon?: string
  /** Detected in this browser; false for a named wallet the user could install. */
  installed: boolean
  /** Where to get the wallet when it isn't installed. */
  installUrl?: string
  /**
   * The signed-in user's own wallet (an embedded wallet): connected without a prompt as soon as it is published, listed
   * first in `$wallets`, never offered on the wallet list, kept out of the connection history, and dropped when its
   * source stops publishing it.
   */
  autoConnect?: boolean
  /** Asks the wallet for access; answers the selected account and chain. */
  connect(options?: { chainId?: number }): Promise<{ address: string; chainId: string }>
  disconnect(): Promise<void>
  /** Accounts already authorised, without prompting. */
  getAccounts(): Promise<string[]>
  getChainId(): Promise<string>
  /** The EIP-1193 provider (ethereum) or the wallet-standard wallet (solana). */
  getProvider(): Promise<unknown>
  /** Switches chain; on 4902 adds `chain` (when given) and retries. */
  switchChain?(chainId: number, chain?: AddChainParameters): Promise<void>
  /** Signs a plain-text message (personal_sign / signMessage); answers the signature (hex or base58). */
  signMessage(address: string, message: string): Promise<string>
  /** Solana connectors: signs raw bytes (wallet-standard `solana:signMessage`); answers the 64-byte ed25519 signature. */
  signMessageBytes?(address: string, message: Uint8Array): Promise<Uint8Array>
  /** Solana connectors: signs a @solana/web3.js transaction; answers the signed transaction (of the same class). */
  signSolanaTransaction?<T>(address: string, transaction: T): Promise<T>
  /** Solana connectors: signs, sends and confirms a @solana/web3.js transaction over `connection` (a web3.js Connection; default the wallet's cluster); answers its signature. */
  sendSolanaTransaction?(address: string, transaction: unknown, connection?: unknown): Promise<string>
  onAccountsChanged(listener: (accounts: string[]) => void): () => void
  onChainChanged(listener: (chainId: string) => void): () => void
  onDisconnect(listener: () => void): () => void
}

/** What a connector plugin provides: a live list of the wallets it can connect. */
export interface ConnectorSource {
  /** Starts discovery; `update` receives the full current list each time it changes. Returns a stop function. */
  discover(update: (connectors: WalletConnector[]) => void): () => void
}

/** A connected external wallet, shaped like Privy's ConnectedWallet. */
export interface ConnectedWallet {
  type: ChainType
  address: string
  /** CAIP-2 chain id. */
  chainId: string
  meta: { name: string; icon?: string; id: string }
  /** true for an embedded wallet made from an imported key (connectorType 'embedded_imported'). */
  imported: boolean
  connectorType: ConnectorType
  walletClientType: string
  /** Epoch milliseconds. */
  connectedAt: number
  isConnected(): Promise<boolean>
  switchChain(chainId: number): Promise<void>
  /** Signs a plain-text message with this address. */
  sign(message: string): Promise<string>
  /** Solana wallets only: signs raw bytes, answers the 64-byte ed25519 signature (see ConnectedSolanaWallet). */
  signMessage?(message: Uint8Array): Promise<Uint8Array>
  /** Solana wallets that sign transactions (the embedded one): the signed @solana/web3.js transaction. */
  signTransaction?<T>(transaction: T): Promise<T>
  /** Solana wallets that send transactions (the embedded one): signs, sends over `connection` and confirms; the signature. */
  sendTransaction?(transaction: unknown, connection?: unknown): Promise<string>
  disconnect(): Promise<void>
  getEthereumProvider(): Promise<unknown>
  /**
   * Opens 'Add funds' for this wallet (Privy's `ConnectedWallet.fund`): the funding hub's `fundWallet({ address, options })`;
   * fails with 'Wallet funding is not enabled' when no plugin adds `fundWallet`.
   */
  fund(options?: Record<string, unknown>): Promise<unknown>
}

/** A connected Solana wallet (Privy's ConnectedSolanaWallet): `signMessage(bytes)` answers the ed25519 signature. */
export interface ConnectedSolanaWallet extends ConnectedWallet {
  type: 'solana'
  signMessage(message: Uint8Array): Promise<Uint8Array>
}

/** One stored connection (spec: address, connectorType, walletClientType, connectedAt). */
export interface ConnectionHistoryEntry {
  address: string
  connectorType: ConnectorType
  walletClientType: string
  connectedAt: number
}

/** Options of `wallets.connect`. */
export interface ConnectOptions {
  /** Switch to this chain after connecting (default: a supported chain when the wallet's isn't). */
  chainId?: number
  /** Progress for connection screens: 'connected' once the wallet granted access, 'switching' before a chain switch. */
  onStatus?: (status: 'connected' | 'switching') => void
}

/** The wallet half of the kernel. */
export interface WalletManager {
  /** Every wallet the connector plugins can connect right now (detected and named). */
  readonly $connectors: ReadonlySignal<readonly WalletConnector[]>
  /** Connected wallets. */
  readonly $wallets: ReadonlySignal<readonly ConnectedWallet[]>
  /** Connects the connector: lookups retried, chain switched to a supported one when configured. */
  connect(connectorId: string, options?: ConnectOptions): Promise<ConnectedWallet>
  disconnect(address: string): Promise<void>
  /** Connection history, newest first. */
  history(): ConnectionHistoryEntry[]
  /** The most recently used connection (the list marks it 'Recent'). */
  recent(): ConnectionHistoryEntry | null
}
