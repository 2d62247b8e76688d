// The kernel's extension point for EIP-5792 atomic batches: a plugin that can send several calls of an embedded wallet as
// one operation (smart wallets: one ERC-4337 user operation) contributes a `batchExecutor` slot (types.ts); the embedded
// wallet's provider finds it through `atomicBatchExecutor` (atomicBatchExecutor.ts) and never imports that plugin.

/** One call of a batch (EIP-5792's `{ to, data, value }`, the value in wei). */
export interface BatchCall {
  to: `0x${string}`
  data?: `0x${string}`
  value: bigint
}

/** A log of a batch's receipt (EIP-5792's fields). */
export interface BatchReceiptLog {
  address: `0x${string}`
  data: `0x${string}`
  topics: readonly `0x${string}`[]
}

/** The receipt of the transaction that included an atomic batch (EIP-5792's receipt fields, quantities as bigint). */
export interface BatchReceipt {
  transactionHash: `0x${string}`
  blockHash: `0x${string}`
  blockNumber: bigint
  gasUsed: bigint
  /** 'reverted': the batch was included but its calls reverted (only the gas was paid). */
  status: 'success' | 'reverted'
  /** The logs of the batch's own calls (not of other operations the same transaction carried). */
  logs: readonly BatchReceiptLog[]
}

/** Sends an embedded wallet's batches on one chain atomically: all the calls in one operation, or none of them. */
export interface BatchExecutor {
  /** The account the calls are made from (the smart account the embedded wallet owns). */
  account: `0x${string}`
  /** A paymaster pays the gas. */
  sponsored: boolean
  /** Sends the calls as one operation (signing without screens) and waits until a transaction includes it. */
  send(calls: readonly BatchCall[]): Promise<BatchReceipt>
}
