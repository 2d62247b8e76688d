/** The error codes of the send-transaction error screen (ethers-style names, as the spec's §8 lists them). */
export type TransactionFailureCode =
  | 'CALL_EXCEPTION'
  | 'NONCE_EXPIRED'
  | 'REPLACEMENT_UNDERPRICED'
  | 'TRANSACTION_REPLACED'
  | 'CLIENT_REQUEST_TIMEOUT'
  | 'INSUFFICIENT_BALANCE'
  | 'TRANSACTION_FAILURE'
  | 'UNKNOWN_ERROR'

/** What the error screen shows for a failed send. */
export interface TransactionFailure {
  code: TransactionFailureCode
  /** The code-derived title. */
  title: string
  /** The error's own text (the node's, viem's short message). */
  message: string
  /** The transaction's hash, shown (copyable, with an explorer link) for the codes that have one on chain. */
  hash?: `0x${string}`
  /** 'Retry transaction', or 'Try again' after a timeout. */
  button: string
}

/** The spec's texts of the error screen (§8). */
export const transactionFailureTexts = {
  subtitle: 'Please try again.',
  retry: 'Retry transaction',
  tryAgain: 'Try again',
  fallback: 'Something went wrong.',
  insufficientFunds: 'Wallet has insufficient funds for this transaction.',
  prepareFailed: 'There was an error preparing your transaction. Your transaction request will likely fail.',
} as const

/** Each code's title: the timeout, balance and failure codes have the spec's; the others read as the code. */
export const transactionFailureTitles: Record<TransactionFailureCode, string> = {
  CALL_EXCEPTION: 'Call exception',
  NONCE_EXPIRED: 'Nonce expired',
  REPLACEMENT_UNDERPRICED: 'Replacement underpriced',
  TRANSACTION_REPLACED: 'Transaction replaced',
  CLIENT_REQUEST_TIMEOUT: 'Timed out',
  INSUFFICIENT_BALANCE: 'Insufficient balance',
  TRANSACTION_FAILURE: 'Transaction failure',
  UNKNOWN_ERROR: transactionFailureTexts.fallback,
}

/** The codes whose transaction reached the chain: the screen shows its hash and explorer link. */
export const CODES_WITH_HASH: readonly TransactionFailureCode[] = ['CALL_EXCEPTION', 'NONCE_EXPIRED', 'REPLACEMENT_UNDERPRICED', 'TRANSACTION_REPLACED']

/** A reverted receipt's error (thrown by the send flow so it maps to CALL_EXCEPTION with its hash). */
export class TransactionRevertedError extends Error {
  override name = 'TransactionRevertedError'
  constructor(readonly hash: `0x${string}`) {
    super('Transaction reverted: the call failed on chain (execution reverted).')
  }
}

/** A transaction viem saw replaced while it waited for the receipt. */
export class TransactionReplacedError extends Error {
  override name = 'TransactionReplacedError'
  constructor(readonly hash: `0x${string}`, reason: string) {
    super(`Transaction ${reason === 'cancelled' ? 'cancelled' : 'replaced'} by another with the same nonce.`)
  }
}

type Chainable = { name?: unknown; message?: unknown; shortMessage?: unknown; details?: unknown; cause?: unknown; code?: unknown; hash?: unknown }

/** The first of the error and its causes that `test` accepts. */
function findInChain(error: unknown, test: (e: Chainable) => boolean): Chainable | null {
  for (let e = error as Chainable | undefined, depth = 0; e && depth < 10; e = e.cause as Chainable | undefined, depth++) {
    if (typeof e === 'object' && test(e)) return e
  }
  return null
}

const text = (e: Chainable) => `${typeof e.name === 'string' ? e.name : ''} ${typeof e.details === 'string' ? e.details : ''} ${typeof e.message === 'string' ? e.message : ''}`

/** The code of a send's error: viem's error classes and the node's texts (anvil, geth, OP-stack). */
export function transactionFailureCode(error: unknown): TransactionFailureCode {
  if (!error || typeof error !== 'object') return 'UNKNOWN_ERROR'
  const match = (re: RegExp) => findInChain(error, (e) => re.test(text(e))) !== null
  if (match(/TransactionRevertedError|ExecutionRevertedError|CallExecutionError.*revert|execution reverted|CALL_EXCEPTION/i)) return 'CALL_EXCEPTION'
  if (match(/TransactionReplacedError|TRANSACTION_REPLACED/)) return 'TRANSACTION_REPLACED'
  if (match(/WaitForTransactionReceiptTimeoutError|TimeoutError|timed out|CLIENT_REQUEST_TIMEOUT/i)) return 'CLIENT_REQUEST_TIMEOUT'
  if (match(/InsufficientFundsError|insufficient funds|insufficient balance|INSUFFICIENT_BALANCE/i)) return 'INSUFFICIENT_BALANCE'
  if (match(/NonceTooLowError|nonce too low|nonce has already been used|NONCE_EXPIRED/i)) return 'NONCE_EXPIRED'
  if (match(/replacement transaction underpriced|REPLACEMENT_UNDERPRICED/i)) return 'REPLACEMENT_UNDERPRICED'
  if (error instanceof Error) return 'TRANSACTION_FAILURE'
  return 'UNKNOWN_ERROR'
}

/** What the error screen shows for `error` (the hash of the send when it has one: `hash`, or the error's own). */
export function transactionFailure(error: unknown, hash?: `0x${string}` | null): TransactionFailure {
  const code = transactionFailureCode(error)
  const own = findInChain(error, (e) => typeof e.hash === 'string')?.hash as `0x${string}` | undefined
  const e = error as Chainable | null
  const message =
    code === 'INSUFFICIENT_BALANCE'
      ? transactionFailureTexts.insufficientFunds
      : e && typeof e === 'object'
        ? String((typeof e.shortMessage === 'string' && e.shortMessage) || (typeof e.message === 'string' && e.message) || transactionFailureTexts.fallback)
        : transactionFailureTexts.fallback
  const txHash = own ?? hash ?? undefined
  return {
    code,
    title: transactionFailureTitles[code],
    message,
    ...(txHash && CODES_WITH_HASH.includes(code) ? { hash: txHash } : {}),
    button: code === 'CLIENT_REQUEST_TIMEOUT' ? transactionFailureTexts.tryAgain : transactionFailureTexts.retry,
  }
}
