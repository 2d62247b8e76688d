import { useMemo, useRef } from 'react'
import type { BaseError } from '../../core/errors/index.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import type { SendTransactionOptions, SendTransactionResult } from './ethereum/transactionTypes.js'
import type { SendSolanaTransactionOptions, SendSolanaTransactionResult, SolanaConnectionLike, SolanaTransactionInput } from './solana/solanaTransactions.js'

/** Callbacks of the transaction hooks (Privy's shape, the wallet hooks' too): the result, or the error. */
export interface TransactionHookCallbacks<R> {
  onSuccess?: (result: R) => void
  onError?: (error: BaseError | Error) => void
}

type Actions = {
  sendTransaction(request: unknown, options?: SendTransactionOptions): Promise<SendTransactionResult>
  signTransaction(request: unknown, options?: SendTransactionOptions): Promise<{ signature: `0x${string}` }>
  sendSolanaTransaction(transaction: SolanaTransactionInput, connection?: SolanaConnectionLike, options?: SendSolanaTransactionOptions): Promise<SendSolanaTransactionResult>
}

/** The plugin's useFoyer() action `name`, with the latest callbacks; the promise still settles for callers that await it. */
function useReported<K extends keyof Actions>(callbacks: TransactionHookCallbacks<Awaited<ReturnType<Actions[K]>>>, name: K): Actions[K] {
  const foyer = useFoyerKernel()
  const latest = useRef(callbacks)
  latest.current = callbacks
  return useMemo(
    () =>
      (async (...args: unknown[]) => {
        try {
          const result = await ((foyer.actions() as unknown as Actions)[name] as (...a: unknown[]) => Promise<never>)(...args)
          latest.current.onSuccess?.(result)
          return result
        } catch (error) {
          latest.current.onError?.(error as Error)
          throw error
        }
      }) as Actions[K],
    [foyer, name],
  )
}

/**
 * Privy's `useSendTransaction`: `sendTransaction(request | request[], { uiOptions?, address? })` → `{ hash }` (with the
 * receipt when the confirmation screen waited for it). A list is a multi-step transaction (Back / Continue).
 */
export function useSendTransaction(callbacks: TransactionHookCallbacks<SendTransactionResult> = {}) {
  return { sendTransaction: useReported(callbacks, 'sendTransaction') }
}

/** Privy's `useSignTransaction`: `signTransaction(request, { uiOptions?, address? })` → `{ signature }` (the signed transaction, not sent). */
export function useSignTransaction(callbacks: TransactionHookCallbacks<{ signature: `0x${string}` }> = {}) {
  return { signTransaction: useReported(callbacks, 'signTransaction') }
}

/**
 * Privy's `useSendSolanaTransaction`: `sendTransaction(transaction, connection?, { uiOptions?, address? })` → `{ signature }`
 * — a @solana/web3.js Transaction or VersionedTransaction, previewed on the confirmation screen (unless wallet UIs are
 * off), signed by the embedded Solana wallet in the wallet frame, sent over `connection` (default the configured
 * cluster) and confirmed.
 */
export function useSendSolanaTransaction(callbacks: TransactionHookCallbacks<SendSolanaTransactionResult> = {}) {
  return { sendTransaction: useReported(callbacks, 'sendSolanaTransaction') }
}
