import { atomicBatchExecutor } from '../../../../core/client/wallets/atomicBatchExecutor.js'
import type { Foyer } from '../../../../core/client/types.js'
import { randomBatchId, type CallBatchStore } from './callBatchStore.js'
import type { CallBatch, SendCallsResult } from './callBatchTypes.js'
import type { ReadonlySignal } from '@preact/signals-core'
import type { TransactionWallet } from '../../transactionWallet.js'
import { EmbeddedProviderRpcError, providerRpcTexts, walletCallsErrorCodes } from '../../../../core/client/wallets/providerRpcError.js'
import { readSendCallsRequest } from './readSendCallsRequest.js'
import { runCallBatch } from './runCallBatch.js'
import { SEND_CALLS_SCREEN } from '../../transactionScreens.js'

// wallet_getCallsStatus' answer, loaded with this flow (the wallet's provider asks it only of batches sent here).
export { callsStatusOf } from './callsStatus.js'

/** What wallet_sendCalls needs besides the request. */
export interface SendCallsOptions {
  /** The provider's wallet. */
  address: string
  /** Show the confirmation (the host's showWalletUIs). */
  prompt: boolean
  priceDisplay: 'usd' | 'native'
  /** The chain of a request that names none (the provider's current chain). */
  chainId: number
  /** The page's batches. */
  batches: CallBatchStore
  fetch?: typeof globalThis.fetch
}

/**
 * EIP-5792 wallet_sendCalls from the embedded wallet: the request checked, then ONE confirmation listing every call
 * (closing it is 4001, and nothing is sent), then the calls sent — as one user operation of the smart wallet the wallet
 * owns when a plugin offers that through the kernel (atomic), else one transaction each, in order. Answers the batch's
 * id once the user is done with the screen (at once with wallet UIs off); wallet_getCallsStatus follows the batch.
 */
export async function sendCalls(foyer: Foyer, wallet: TransactionWallet, raw: unknown, options: SendCallsOptions): Promise<SendCallsResult> {
  const from = wallet.ethereumAddress(options.address)
  const request = readSendCallsRequest(wallet, raw, from, options.chainId)
  // A smart account can't deploy a contract by a call without `to`: such a batch goes from the wallet itself.
  const executor = request.calls.every((c) => c.to) ? atomicBatchExecutor(foyer, { owner: from, chainId: request.chainId }) : null
  const atomic = executor !== null || request.calls.length === 1
  if (request.atomicRequired && !atomic) throw new EmbeddedProviderRpcError(walletCallsErrorCodes.atomicityNotSupported, providerRpcTexts.atomicityNotSupported)
  const id = request.id ?? randomBatchId()
  const entry = options.batches.add({
    id,
    from,
    account: executor?.account ?? from,
    chainId: request.chainId,
    calls: request.calls,
    sender: executor ? 'smart-wallet' : 'wallet',
    atomic,
    sponsored: executor?.sponsored ?? false,
    approved: false,
    status: 100,
    hashes: [],
    receipts: [],
  })
  // Once: a second Approve, or one from a screen whose request already ended (closed), sends nothing.
  let started = false
  const approve = () => {
    if (started) return
    started = true
    void runCallBatch(wallet, entry, executor, options.fetch)
  }
  if (!options.prompt) {
    approve()
    return { id }
  }
  const params: SendCallsParams = { wallet, batch: entry, priceDisplay: options.priceDisplay, approve, ...(options.fetch ? { fetch: options.fetch } : {}) }
  try {
    await foyer.modal.request(SEND_CALLS_SCREEN, params, { intent: 'transaction' })
  } catch (error) {
    // Closed before Approve: rejected (4001 from the provider), nothing sent, the id free again. After it: the batch goes
    // on, and its id is the answer (its status says how it ends).
    if (!entry.peek().approved) {
      started = true
      options.batches.remove(id)
      throw error
    }
  }
  return { id }
}

/** The send-calls screen's parameters (the confirmation, then the batch's progress; wallet_showCallsStatus shows the latter). */
export interface SendCallsParams {
  /** The wallet the batch is from. */
  wallet: TransactionWallet
  batch: ReadonlySignal<CallBatch>
  priceDisplay: 'usd' | 'native'
  /** Sends the batch (once; the screen calls it on Approve). */
  approve: () => void
  fetch?: typeof globalThis.fetch
}
