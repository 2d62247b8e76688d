import { BaseError, ExecutionRevertedError, InsufficientFundsError, NonceTooLowError, WaitForTransactionReceiptTimeoutError } from 'viem'
import { describe, expect, it } from 'vitest'
import { transactionTexts } from './transactionTexts.js'
import { SolanaConfirmationTimeoutError, SolanaRpcError } from '../../core/client/wallets/solanaRpc.js'
import { solanaTransactionFailure } from './solana/solanaTransactionFailure.js'
import { failureScreenTexts, transactionFailure, TransactionReplacedError, TransactionRevertedError } from './transactionFailure.js'

const HASH = `0x${'ab'.repeat(32)}` as const

describe('transactionFailure: the error screen of a failed send (spec §8)', () => {
  it.each([
    ['a reverted receipt', new TransactionRevertedError(HASH), 'CALL_EXCEPTION', 'Call exception', true, 'Retry transaction'],
    ['viem ExecutionRevertedError (with the send hash)', new ExecutionRevertedError({ message: 'execution reverted' }), 'CALL_EXCEPTION', 'Call exception', true, 'Retry transaction'],
    ['a replaced transaction', new TransactionReplacedError(HASH, 'replaced'), 'TRANSACTION_REPLACED', 'Transaction replaced', true, 'Retry transaction'],
    ['nonce too low', new NonceTooLowError({ nonce: 1 }), 'NONCE_EXPIRED', 'Nonce expired', true, 'Retry transaction'],
    ['a node text: replacement underpriced', new Error('replacement transaction underpriced'), 'REPLACEMENT_UNDERPRICED', 'Replacement underpriced', true, 'Retry transaction'],
    ['a receipt timeout', new WaitForTransactionReceiptTimeoutError({ hash: HASH }), 'CLIENT_REQUEST_TIMEOUT', 'Timed out', false, 'Try again'],
    ['insufficient funds', new InsufficientFundsError(), 'INSUFFICIENT_BALANCE', 'Insufficient balance', false, 'Retry transaction'],
    ['a wrapped insufficient funds', new BaseError('send failed', { cause: new Error('insufficient funds for gas * price + value') }), 'INSUFFICIENT_BALANCE', 'Insufficient balance', false, 'Retry transaction'],
    ['another send error', new Error('the node is down'), 'TRANSACTION_FAILURE', 'Transaction failure', false, 'Retry transaction'],
    ['not an error at all', 'nope', 'UNKNOWN_ERROR', 'Something went wrong.', false, 'Retry transaction'],
  ] as const)('%s → %s', (_name, error, code, title, withHash, button) => {
    const failure = transactionFailure(error, HASH)
    expect(failure).toMatchObject({ code, title, button })
    expect(failure.hash).toBe(withHash ? HASH : undefined)
  })

  it("says the spec's text for insufficient funds and the error's own message otherwise", () => {
    expect(transactionFailure(new InsufficientFundsError()).message).toBe('Wallet has insufficient funds for this transaction.')
    expect(transactionFailure(new Error('the node is down')).message).toBe('the node is down')
    expect(transactionFailure(null).message).toBe('Something went wrong.')
  })
})

describe('failureScreenTexts: the error screen through the host\'s texts', () => {
  const english = (key: string) => (transactionTexts as Record<string, string>)[key] ?? key

  it("says the spec's English by default", () => {
    expect(failureScreenTexts(transactionFailure(new WaitForTransactionReceiptTimeoutError({ hash: HASH })), english)).toEqual({
      title: 'Timed out',
      subtitle: 'Please try again.',
      button: 'Try again',
      message: expect.any(String),
    })
    expect(failureScreenTexts(transactionFailure(new InsufficientFundsError()), english)).toMatchObject({ title: 'Insufficient balance', button: 'Retry transaction', message: 'Wallet has insufficient funds for this transaction.' })
  })

  it('takes what the host overrode (titles, buttons, the spec messages), and keeps a node message as it is', () => {
    const host: Record<string, string> = {
      'embeddedWallet.tx.error.timedOut': 'Zeit abgelaufen',
      'embeddedWallet.tx.error.tryAgain': 'Nochmal',
      'embeddedWallet.tx.error.subtitle': 'Bitte erneut versuchen.',
      'embeddedWallet.tx.error.insufficientBalance': 'Guthaben zu niedrig',
      'embeddedWallet.tx.error.insufficientFunds': 'Nicht genug Guthaben.',
      'embeddedWallet.tx.error.callException': 'Aufruf fehlgeschlagen',
    }
    const t = (key: string) => host[key] ?? english(key)
    expect(failureScreenTexts(transactionFailure(new WaitForTransactionReceiptTimeoutError({ hash: HASH })), t)).toMatchObject({ title: 'Zeit abgelaufen', button: 'Nochmal', subtitle: 'Bitte erneut versuchen.' })
    expect(failureScreenTexts(transactionFailure(new InsufficientFundsError()), t)).toMatchObject({ title: 'Guthaben zu niedrig', message: 'Nicht genug Guthaben.' })
    expect(failureScreenTexts(transactionFailure(new TransactionRevertedError(HASH)), t)).toMatchObject({ title: 'Aufruf fehlgeschlagen', button: 'Retry transaction', message: new TransactionRevertedError(HASH).message })
  })
})

describe('solanaTransactionFailure: the Solana error screen (spec §8)', () => {
  it.each([
    ['a confirmation timeout', new SolanaConfirmationTimeoutError('sig1'), 'CLIENT_REQUEST_TIMEOUT', 'Timed out', 'Try again', []],
    [
      'a preflight refusal whose logs say the wallet lacks lamports',
      new SolanaRpcError('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1', -32002, ['Program 11111111111111111111111111111111 invoke [1]', 'Transfer: insufficient lamports 5, need 10']),
      'INSUFFICIENT_BALANCE',
      'Insufficient balance',
      'Retry transaction',
      ['Transfer: insufficient lamports 5, need 10'],
    ],
    ['another refusal', new SolanaRpcError('Blockhash not found', -32002, ['Program log: something else']), 'TRANSACTION_FAILURE', 'Transaction failure', 'Retry transaction', []],
    ['not an error', 'nope', 'UNKNOWN_ERROR', 'Something went wrong.', 'Retry transaction', []],
  ] as const)('%s → %s', (_name, error, code, title, button, surfaced) => {
    expect(solanaTransactionFailure(error)).toMatchObject({ code, title, button, surfaced })
  })

  it('keeps the timed-out signature (Try again asks the node about it) and every log line (what closing answers)', () => {
    expect(solanaTransactionFailure(new SolanaConfirmationTimeoutError('sig1')).signature).toBe('sig1')
    expect(solanaTransactionFailure(new SolanaRpcError('x', 1, ['a', 'b'])).logs).toEqual(['a', 'b'])
    expect(solanaTransactionFailure(new SolanaRpcError('x', 1)).signature).toBeUndefined()
  })
})
