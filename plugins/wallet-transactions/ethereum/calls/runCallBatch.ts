import type { Signal } from '@preact/signals-core'
import type { BatchCall, BatchExecutor } from '../../../../core/client/plugin.js'
import type { CallBatch } from './callBatchTypes.js'
import { toWalletCallReceipt } from './callsStatus.js'
import type { TransactionWallet } from '../../transactionWallet.js'
import { publicClientFor, RECEIPT_TIMEOUT_MS, sendStep } from '../sendTransaction.js'
import { transactionFailure, TransactionRevertedError } from '../../transactionFailure.js'

/** The batch's failure as it keeps it: the error screen's code, a message safe to show, the hash when one is on chain. */
function failureOf(error: unknown, hash: `0x${string}` | null): NonNullable<CallBatch['failure']> {
  const { code, message, hash: onChain } = transactionFailure(error, hash)
  return { code, message, ...(onChain ? { hash: onChain } : {}) }
}

/**
 * Sends an approved batch and keeps its entry current for wallet_getCallsStatus and the screen. With `executor` (a smart
 * wallet) all the calls go as one operation: confirmed (200) or reverted (500) with its one receipt. Without, each call is
 * signed in the frame (MFA step-up as for any send) and sent in order, each after the previous one's receipt; the first
 * that reverts stops the batch (500 when it was the first call, else 600), as does a send that fails (400 when nothing
 * reached the chain, else 600). Never throws: the outcome is the entry's.
 */
export async function runCallBatch(
  wallet: TransactionWallet,
  entry: Signal<CallBatch>,
  executor: BatchExecutor | null,
  fetchFn?: typeof globalThis.fetch,
): Promise<void> {
  const set = (patch: Partial<CallBatch>) => {
    entry.value = { ...entry.peek(), ...patch }
  }
  set({ approved: true, status: 100 })
  const { calls, chainId, from } = entry.peek()
  let hash: `0x${string}` | null = null
  try {
    if (executor) {
      // The executor is chosen only for batches whose calls all have a `to` (sendCalls.ts).
      const receipt = await executor.send(calls as BatchCall[])
      hash = receipt.transactionHash
      const reverted = receipt.status !== 'success'
      set({ hashes: [hash], receipts: [toWalletCallReceipt(receipt)], status: reverted ? 500 : 200, ...(reverted ? { failure: failureOf(new TransactionRevertedError(hash), hash) } : {}) })
      return
    }
    const client = await publicClientFor(wallet, chainId, fetchFn)
    for (const call of calls) {
      hash = null
      hash = await sendStep(wallet, client, from, { chainId, request: call })
      set({ hashes: [...entry.peek().hashes, hash] })
      const receipt = await client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS, pollingInterval: 250 })
      const receipts = [...entry.peek().receipts, toWalletCallReceipt(receipt)]
      set({ receipts })
      if (receipt.status !== 'success') {
        set({ status: receipts.length === 1 ? 500 : 600, failure: failureOf(new TransactionRevertedError(hash), hash) })
        return
      }
    }
    set({ status: 200 })
  } catch (error) {
    set({ status: entry.peek().receipts.length ? 600 : 400, failure: failureOf(error, hash) })
  }
}
