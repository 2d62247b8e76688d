// Privy's connected-wallet types (`@privy-io/react-auth` 3.x and its `/solana` entry), as the compat hooks hand
// them out: Foyer's connected wallets, adapted (connectedWallets.ts, solanaWallets.ts).
import type { FundWalletConfig, SendTransactionModalUIOptions } from './privyRequestTypes.js'

/** An EIP-1193 provider (Foyer's embedded wallet's, or the external wallet's own). */
export interface EIP1193Provider {
  rpcTimeoutDuration?: number
  request: (request: { method: string; params?: Array<any> | undefined }) => Promise<any>
  on: (eventName: string, listener: (...args: any[]) => void) => any
  removeListener: (eventName: string | symbol, listener: (...args: any[]) => void) => any
}

export type WalletClientType = string
export type ConnectorType = string
export interface ConnectedWalletMetadata {
  name: string
  id: string
  icon?: string
}

/** What every connected wallet has. */
export interface BaseConnectedWallet {
  type: 'ethereum' | 'solana'
  address: string
  /** Epoch milliseconds. */
  connectedAt: number
  walletClientType: WalletClientType
  connectorType: ConnectorType
  imported: boolean
  meta: ConnectedWalletMetadata
  isConnected: () => Promise<boolean>
  disconnect: () => void
}
/** A connected Ethereum wallet. */
export interface BaseConnectedEthereumWallet extends BaseConnectedWallet {
  type: 'ethereum'
  /** CAIP-2 ('eip155:1'). */
  chainId: string
  switchChain: (targetChainId: `0x${string}` | number) => Promise<void>
  getEthereumProvider: () => Promise<EIP1193Provider>
  /** personal_sign. */
  sign: (message: string) => Promise<string>
}
/** A connected Ethereum wallet with the user's link state and funding (what `useWallets()` answers). */
export interface ConnectedWallet extends BaseConnectedEthereumWallet {
  /** Linked to the signed-in user. */
  linked: boolean
  /** Signs in with this wallet (SIWE), or links it when a user is signed in. */
  loginOrLink: () => Promise<void>
  /** Unlinks it from the signed-in user. */
  unlink: () => Promise<void>
  walletIndex?: number
  fund: (fundWalletConfig?: FundWalletConfig) => Promise<void>
}

/** A Solana cluster in wallet-standard form. */
export type SolanaChain = 'solana:mainnet' | 'solana:devnet' | 'solana:testnet'

/** Options of a Solana sign: the transaction screen's texts (other wallet-standard options pass through). */
export type SolanaTransactionOptions = { uiOptions?: SendTransactionModalUIOptions; [option: string]: unknown }

/**
 * A connected Solana wallet (`@privy-io/react-auth/solana`'s `useWallets()`): wallet-standard shaped calls on
 * serialized bytes. Foyer's: the embedded Solana wallet and the wallet-standard wallets of the `solana()` plugin.
 */
export interface ConnectedStandardSolanaWallet {
  readonly address: string
  /** The wallet's name and icon (Privy hands the wallet-standard wallet itself). */
  readonly standardWallet: { name: string; icon: string }
  disconnect(): Promise<void>
  signMessage(input: { message: Uint8Array }): Promise<{ signature: Uint8Array; signedMessage: Uint8Array }>
  signMessage(...inputs: { message: Uint8Array }[]): Promise<{ signature: Uint8Array; signedMessage: Uint8Array }[]>
  signTransaction(input: { transaction: Uint8Array; chain?: SolanaChain; options?: SolanaTransactionOptions }): Promise<{ signedTransaction: Uint8Array }>
  signAndSendTransaction(input: { transaction: Uint8Array; chain: SolanaChain; options?: SolanaTransactionOptions }): Promise<{ signature: Uint8Array }>
}
/** A connected Solana wallet as the Ethereum-side types name it. */
export interface BaseConnectedSolanaWallet extends BaseConnectedWallet {
  type: 'solana'
  provider: ConnectedStandardSolanaWallet
}
export type BaseConnectedWalletType = BaseConnectedEthereumWallet | BaseConnectedSolanaWallet
