import { signal, type ReadonlySignal, type Signal } from '@preact/signals-core'
import type { CallBatch } from './callBatchTypes.js'
import { duplicateBatchIdText, EmbeddedProviderRpcError, walletCallsErrorCodes } from '../../../../core/client/wallets/embeddedProviderRpcError.js'

/** How many batches a page keeps for wallet_getCallsStatus (the oldest go first). */
export const MAX_STORED_BATCHES = 100

/** The page's EIP-5792 batches by id, each a signal the send updates and the screen follows. */
export interface CallBatchStore {
  /** Adds a batch; 5720 when its id is taken. Answers the signal its send updates. */
  add(batch: CallBatch): Signal<CallBatch>
  get(id: string): ReadonlySignal<CallBatch> | undefined
  /** Forgets a batch (one the user rejected: nothing was sent, so its id is free again). */
  remove(id: string): void
}

/** A store of batches for one page (the plugin's state holds it, so every provider of the page shares it). */
export function createCallBatchStore(max = MAX_STORED_BATCHES): CallBatchStore {
  const batches = new Map<string, Signal<CallBatch>>()
  return {
    add(batch) {
      if (batches.has(batch.id)) throw new EmbeddedProviderRpcError(walletCallsErrorCodes.duplicateId, duplicateBatchIdText)
      const entry = signal(batch)
      batches.set(batch.id, entry)
      // A Map iterates in insertion order: the first key is the oldest batch.
      while (batches.size > max) batches.delete(batches.keys().next().value!)
      return entry
    },
    get: (id) => batches.get(id),
    remove(id) {
      batches.delete(id)
    },
  }
}

/** A batch id for an app that gave none: 32 random bytes, hex. */
export function randomBatchId(): `0x${string}` {
  return `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')}`
}
