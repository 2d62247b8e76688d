import { BaseError, ExecutionRevertedError, InsufficientFundsError, NonceTooLowError, WaitForTransactionReceiptTimeoutError } from 'viem'
import { describe, expect, it } from 'vitest'
import { transactionFailure, TransactionReplacedError, TransactionRevertedError } from './transactionFailure.js'

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
