import type { PublicClient } from 'viem'
import type { SupportedChain } from '../../../core/client/wallets/supportedChain.js'
import type { CallBatch } from './calls/callBatchTypes.js'
import { previewTransaction } from './sendTransaction.js'

/** What the batch confirmation shows besides the calls: the value sent, the fee, the total, the paying account's balance. */
export interface CallsPreview {
  /** The calls' values, summed. */
  value: bigint
  /** The estimated gas of every call × max fee, summed; null when the smart wallet pays (or a paymaster does). */
  fee: bigint | null
  /** value + fee. */
  total: bigint
  /** The balance of the account the calls come from. */
  balance: bigint
  hasFunds: boolean
  /** The node could not estimate the first call (it reverts, most likely). Later calls may need the earlier ones first. */
  prepareFailed: boolean
}

/**
 * The preparing step of a batch: for calls the wallet sends one by one, each call's fee as the send screen estimates it
 * (a call the node can't estimate gets the fallback gas limit); for a smart wallet's batch, its balance against the values
 * (its gas is the paymaster's, or the account's, settled in the user operation).
 */
export async function previewCalls(client: PublicClient, chain: SupportedChain & { sourceId?: number }, batch: CallBatch): Promise<CallsPreview> {
  const value = batch.calls.reduce((sum, call) => sum + call.value, 0n)
  if (batch.sender === 'smart-wallet') {
    const balance = await client.getBalance({ address: batch.account })
    return { value, fee: null, total: value, balance, hasFunds: balance >= value, prepareFailed: false }
  }
  const previews = await Promise.all(batch.calls.map((call) => previewTransaction(client, chain, batch.from, { chainId: batch.chainId, request: call })))
  const fee = previews.reduce((sum, p) => sum + p.fee, 0n)
  const balance = previews[0]!.balance
  return { value, fee, total: value + fee, balance, hasFunds: balance >= value + fee, prepareFailed: previews[0]!.prepareFailed }
}
