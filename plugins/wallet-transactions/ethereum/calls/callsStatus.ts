import type { BatchReceipt } from '../../../../core/client/plugin.js'
import type { CallBatch, CallsStatus, WalletCallReceipt } from './callBatchTypes.js'
import { toHexChainId } from '../../../../core/client/wallets/chainIds.js'

const hex = (n: bigint) => `0x${n.toString(16)}` as const

/** A receipt (viem's, or an atomic batch's) as EIP-5792 writes it: hex quantities, status '0x1' / '0x0', logs' own fields. */
export function toWalletCallReceipt(receipt: BatchReceipt): WalletCallReceipt {
  return {
    logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics: [...topics] })),
    status: receipt.status === 'success' ? '0x1' : '0x0',
    blockHash: receipt.blockHash,
    blockNumber: hex(receipt.blockNumber),
    gasUsed: hex(receipt.gasUsed),
    transactionHash: receipt.transactionHash,
  }
}

/** wallet_getCallsStatus' answer for `batch` (EIP-5792 2.0.0). */
export function callsStatusOf(batch: CallBatch): CallsStatus {
  return { version: '2.0.0', id: batch.id, chainId: toHexChainId(batch.chainId) as `0x${string}`, status: batch.status, atomic: batch.atomic, receipts: batch.receipts }
}
