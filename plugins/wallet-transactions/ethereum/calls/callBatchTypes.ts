// EIP-5792 (wallet_sendCalls and its status): the types its flow, store and screen share (the screen's parameters are
// sendCalls.ts'), apart from them so none imports another for a type. No viem type: a host without viem compiles the .d.ts.
import type { BatchCall } from '../../../../core/client/plugin.js'

/** EIP-5792's batch status codes: pending, confirmed, off-chain failure, reverted, partly reverted. */
export type CallsStatusCode = 100 | 200 | 400 | 500 | 600

/** A call of a batch: EIP-5792's `{ to?, data?, value? }` checked (no `to`: a contract creation). */
export type WalletCall = Omit<BatchCall, 'to'> & { to?: `0x${string}` }

/** A receipt as wallet_getCallsStatus answers it (EIP-5792: hex quantities, status '0x1' or '0x0'). */
export interface WalletCallReceipt {
  logs: { address: `0x${string}`; data: `0x${string}`; topics: `0x${string}`[] }[]
  status: '0x1' | '0x0'
  blockHash: `0x${string}`
  blockNumber: `0x${string}`
  gasUsed: `0x${string}`
  transactionHash: `0x${string}`
}

/** A wallet_sendCalls request, checked. */
export interface SendCallsRequest {
  /** The app's id for the batch, when it gave one. */
  id: string | null
  chainId: number
  calls: WalletCall[]
  atomicRequired: boolean
}

/** A batch the page sent (or is sending): what wallet_getCallsStatus and the screen read. */
export interface CallBatch {
  id: string
  /** The embedded wallet that asked. */
  from: `0x${string}`
  /** The account the calls come from: the wallet, or the smart account that sends them atomically. */
  account: `0x${string}`
  chainId: number
  calls: WalletCall[]
  /** Who sends the calls: the wallet, one transaction each; or the smart wallet it owns, as one user operation. */
  sender: 'wallet' | 'smart-wallet'
  /** All the calls go in one operation (the smart wallet's), or there is one call. */
  atomic: boolean
  /** A paymaster pays the gas (atomic batches of a sponsored smart wallet). */
  sponsored: boolean
  /** The user approved it (or no screen was shown): from here it is sent, and a close answers its id. */
  approved: boolean
  status: CallsStatusCode
  /** The hashes of the transactions sent so far, in order. */
  hashes: `0x${string}`[]
  /** The receipts of those included so far, in order. */
  receipts: WalletCallReceipt[]
  /** Why it stopped (400, 500, 600): a code of the transaction error screen and a message safe to show. */
  failure?: { code: string; message: string; hash?: `0x${string}` }
}


/** What wallet_sendCalls answers (EIP-5792 2.0.0). */
export interface SendCallsResult {
  id: string
}

/** What wallet_getCallsStatus answers (EIP-5792 2.0.0). */
export interface CallsStatus {
  version: '2.0.0'
  id: string
  chainId: `0x${string}`
  status: CallsStatusCode
  atomic: boolean
  receipts: WalletCallReceipt[]
}
