import { useMemo, useRef } from 'react'
import { useFoyerKernel } from '../../../ui/hooks/useFoyerKernel.js'
import type { WalletHookCallbacks } from '../walletHooks.js'
import type { SendSolanaTransactionOptions, SendSolanaTransactionResult, SolanaConnectionLike, SolanaTransactionInput } from './solanaTransactions.js'

type Actions = {
  sendSolanaTransaction(transaction: SolanaTransactionInput, connection?: SolanaConnectionLike, options?: SendSolanaTransactionOptions): Promise<SendSolanaTransactionResult>
}

/**
 * Privy's `useSendSolanaTransaction`: `sendTransaction(transaction, connection?, { uiOptions?, address? })` → `{ signature }`
 * — a @solana/web3.js Transaction or VersionedTransaction, previewed on the confirmation screen (unless wallet UIs are
 * off), signed by the embedded Solana wallet in the wallet frame, sent over `connection` (default the configured
 * cluster) and confirmed.
 */
export function useSendSolanaTransaction(callbacks: WalletHookCallbacks<SendSolanaTransactionResult> = {}) {
  const foyer = useFoyerKernel()
  const latest = useRef(callbacks)
  latest.current = callbacks
  const sendTransaction = useMemo(
    () =>
      async (transaction: SolanaTransactionInput, connection?: SolanaConnectionLike, options?: SendSolanaTransactionOptions): Promise<SendSolanaTransactionResult> => {
        try {
          const result = await (foyer.actions() as unknown as Actions).sendSolanaTransaction(transaction, connection, options)
          latest.current.onSuccess?.(result)
          return result
        } catch (error) {
          latest.current.onError?.(error as Error)
          throw error
        }
      },
    [foyer],
  )
  return { sendTransaction }
}
