// The transaction API's public types, apart from sendTransaction.ts: they name no viem type, so a host without viem
// (an optional peer) compiles the plugin's published .d.ts.
import type { TransactionFailure } from '../transactionFailure.js'
import type { TransactionWallet } from '../transactionWallet.js'
import type { Foyer } from '../../../core/client/types.js'

/** The host's texts of the transaction screens (Privy's `uiOptions` of sendTransaction). */
export interface TransactionUiOptions {
  title?: string
  description?: string
  buttonText?: string
  transactionInfo?: { title?: string; action?: string; contractInfo?: { imgUrl?: string; imgAltText?: string; name?: string } }
  successHeader?: string
  successDescription?: string
  iconUrl?: string
  /** false: send without the screens. */
  showWalletUIs?: boolean
}

/** The second argument of sendTransaction / signTransaction. */
export interface SendTransactionOptions {
  uiOptions?: TransactionUiOptions
  /** Which embedded wallet (default the first Ethereum one). */
  address?: string
}

/** A log of a receipt (viem's Log is assignable to it). */
export interface TransactionReceiptLog {
  address: `0x${string}`
  topics: readonly `0x${string}`[]
  data: `0x${string}`
  blockNumber: bigint | null
  transactionHash: `0x${string}` | null
  logIndex: number | null
}

/** The receipt fields a send answers with (spec §3; viem's TransactionReceipt is assignable to it). */
export interface TransactionReceiptFields {
  to: `0x${string}` | null
  from: `0x${string}`
  status: 'success' | 'reverted'
  gasUsed: bigint
  effectiveGasPrice: bigint
  cumulativeGasUsed: bigint
  logs: readonly TransactionReceiptLog[]
  blockNumber: bigint
  transactionHash: `0x${string}`
}

/** What sendTransaction answers: the (last) transaction's hash, every step's hash, and the receipt when the screens waited for it. */
export interface SendTransactionResult {
  hash: `0x${string}`
  hashes?: `0x${string}`[]
  receipt?: TransactionReceiptFields
}

/** A request with every field the frame needs to sign it (quantities as bigint). */
export interface PreparedTransaction {
  from: `0x${string}`
  to?: `0x${string}`
  data?: `0x${string}`
  value: bigint
  nonce: number
  gas: bigint
  chainId: number
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
}

/** A request's checked fields, before the node fills nonce, gas and fees. */
export type TransactionStepRequest = Omit<PreparedTransaction, 'from' | 'nonce' | 'gas' | 'chainId' | 'value'> & Partial<PreparedTransaction>

/** One step of a transaction request: its checked fields and its chain. */
export interface TransactionStep {
  chainId: number
  request: TransactionStepRequest
}

/** The confirmation screen's parameters. */
export interface SendTransactionParams {
  /** The wallet that signs. */
  wallet: TransactionWallet
  address: `0x${string}`
  mode: 'send' | 'sign'
  steps: TransactionStep[]
  uiOptions?: TransactionUiOptions
  /** 'usd': fees and totals in dollars (from the server's token_price); 'native': in the chain's currency. */
  priceDisplay: 'usd' | 'native'
  /** Whether a paymaster pays the gas ('Sponsored'). */
  sponsored?: boolean
  /** Written by the screen as it goes: a close after the receipt still answers the hash. */
  outcome: { result?: SendTransactionResult; signature?: `0x${string}`; done?: boolean; failure?: TransactionFailure }
  fetch?: typeof globalThis.fetch
}

/** What a transaction flow needs besides the request. */
export interface TransactionFlowOptions extends SendTransactionOptions {
  /** Show the confirmation screens (the host's showWalletUIs, per call in uiOptions). */
  prompt: boolean
  priceDisplay: 'usd' | 'native'
  /** The chain of a request without chainId (the provider's current chain; default the config's default chain). */
  chainId?: number
  /** The request came through the EIP-1193 provider: its chainId may be hex (eth_sendTransaction's standard form). */
  eip1193?: boolean
  fetch?: typeof globalThis.fetch
}

/**
 * What loadEthereumTransactions loads (sendTransaction.ts), written out: that module's declarations name viem's types,
 * and a host without viem (an optional peer) must still compile the entry's types.
 */
export interface EthereumTransactionFlows {
  /** Reads one request (the §5 rules); `eip1193`: a hex chainId is standard there. */
  readTransactionRequest(raw: unknown, options?: { eip1193?: boolean }): { request: TransactionStepRequest; chainId: number | null; from: string | null }
  /** Whatever a send threw, as the EIP-1193 error the provider answers. */
  transactionError(error: unknown): Error & { code: number }
  sendTransaction(foyer: Foyer, wallet: TransactionWallet, raw: unknown, options: TransactionFlowOptions): Promise<SendTransactionResult>
  signTransaction(foyer: Foyer, wallet: TransactionWallet, raw: unknown, options: TransactionFlowOptions): Promise<`0x${string}`>
}
