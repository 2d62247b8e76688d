import { insufficientFundsLines, SolanaConfirmationTimeoutError, SolanaRpcError } from '../../../core/client/wallets/solanaRpc.js'
import { transactionFailureTexts, transactionFailureTitles, type TransactionFailure, type TransactionFailureCode } from '../transactionFailure.js'

/** A failed Solana send as the error screen shows it: the Ethereum screen's codes and titles, and the node's logs. */
export interface SolanaTransactionFailure extends TransactionFailure {
  /** The log lines worth surfacing (the insufficient-lamports ones). */
  surfaced: string[]
  /** Every program log line of a failed preflight (what closing the error screen answers). */
  logs: string[]
  /** The signature of a send whose confirmation timed out ('Try again' checks it before sending again). */
  signature?: string
}

/**
 * The code of a Solana send's error (spec §8): a confirmation timeout is 'Timed out' with 'Try again'; a refusal
 * whose logs say the wallet lacks lamports is 'Insufficient balance'; any other error 'Transaction failure'.
 */
export function solanaTransactionFailure(error: unknown): SolanaTransactionFailure {
  const logs = error instanceof SolanaRpcError ? error.logs : []
  const surfaced = insufficientFundsLines(logs)
  const code: TransactionFailureCode =
    error instanceof SolanaConfirmationTimeoutError ? 'CLIENT_REQUEST_TIMEOUT' : surfaced.length ? 'INSUFFICIENT_BALANCE' : error instanceof Error ? 'TRANSACTION_FAILURE' : 'UNKNOWN_ERROR'
  const message = error instanceof Error && error.message ? error.message : transactionFailureTexts.fallback
  return {
    code,
    title: transactionFailureTitles[code],
    message,
    button: code === 'CLIENT_REQUEST_TIMEOUT' ? transactionFailureTexts.tryAgain : transactionFailureTexts.retry,
    surfaced,
    logs,
    ...(error instanceof SolanaConfirmationTimeoutError ? { signature: error.signature } : {}),
  }
}
