import { transactionTexts } from './transactionTexts.js'

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

const en = transactionTexts

/** The spec's texts of the error screen (§8), in English (the screens read them through i18n: `failureTextKeys`). */
export const transactionFailureTexts = {
  subtitle: en['embeddedWallet.tx.error.subtitle'],
  retry: en['embeddedWallet.tx.error.retry'],
  tryAgain: en['embeddedWallet.tx.error.tryAgain'],
  fallback: en['embeddedWallet.tx.error.fallback'],
  insufficientFunds: en['embeddedWallet.tx.error.insufficientFunds'],
  prepareFailed: en['embeddedWallet.tx.error.prepareFailed'],
} as const

/** The text keys of the error screen (hosts override them with the plugin's `texts`). */
export const failureTextKeys = {
  subtitle: 'embeddedWallet.tx.error.subtitle',
  retry: 'embeddedWallet.tx.error.retry',
  tryAgain: 'embeddedWallet.tx.error.tryAgain',
  fallback: 'embeddedWallet.tx.error.fallback',
  insufficientFunds: 'embeddedWallet.tx.error.insufficientFunds',
  prepareFailed: 'embeddedWallet.tx.error.prepareFailed',
} as const satisfies Record<string, keyof typeof en>

/** Each code's title key: the timeout, balance and failure codes have the spec's titles; the others read as the code. */
export const transactionFailureTitleKeys: Record<TransactionFailureCode, keyof typeof en> = {
  CALL_EXCEPTION: 'embeddedWallet.tx.error.callException',
  NONCE_EXPIRED: 'embeddedWallet.tx.error.nonceExpired',
  REPLACEMENT_UNDERPRICED: 'embeddedWallet.tx.error.replacementUnderpriced',
  TRANSACTION_REPLACED: 'embeddedWallet.tx.error.transactionReplaced',
  CLIENT_REQUEST_TIMEOUT: 'embeddedWallet.tx.error.timedOut',
  INSUFFICIENT_BALANCE: 'embeddedWallet.tx.error.insufficientBalance',
  TRANSACTION_FAILURE: 'embeddedWallet.tx.error.transactionFailure',
  UNKNOWN_ERROR: 'embeddedWallet.tx.error.fallback',
}

/** Each code's English title. */
export const transactionFailureTitles = Object.fromEntries(
  Object.entries(transactionFailureTitleKeys).map(([code, key]) => [code, en[key]]),
) as Record<TransactionFailureCode, string>

/**
 * What the error screen shows for `failure` in the host's language (`t`: the kernel's text lookup): the title, the
 * subtitle, the button, and the message — the spec's own texts through `t`, a node's or viem's text as it is.
 */
export function failureScreenTexts(failure: TransactionFailure, t: (key: string) => string): { title: string; subtitle: string; button: string; message: string } {
  const message =
    failure.message === transactionFailureTexts.insufficientFunds ? t(failureTextKeys.insufficientFunds) : failure.message === transactionFailureTexts.fallback ? t(failureTextKeys.fallback) : failure.message
  return {
    title: t(transactionFailureTitleKeys[failure.code]),
    subtitle: t(failureTextKeys.subtitle),
    button: t(failure.code === 'CLIENT_REQUEST_TIMEOUT' ? failureTextKeys.tryAgain : failureTextKeys.retry),
    message,
  }
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
