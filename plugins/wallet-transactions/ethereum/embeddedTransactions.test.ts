import { describe, expect, it } from 'vitest'
import { readTransactionRequest, transactionError } from './embeddedTransactions.js'
import { EmbeddedProviderRpcError } from '../../../core/client/wallets/providerRpcError.js'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const quantityError = (p: string) => `Transaction request property '${p}' must be a valid number, bigint, or hex string representing a quantity`

/** The error readTransactionRequest throws for `raw`, or null. */
function refusal(raw: unknown): { code: number; message: string } | null {
  try {
    readTransactionRequest(raw)
    return null
  } catch (error) {
    const e = error as EmbeddedProviderRpcError
    return { code: e.code, message: e.message }
  }
}

describe('readTransactionRequest: the §5 rules of a transaction request', () => {
  it.each(['value', 'gasLimit', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'gas', 'nonce'])('%s: a number, a bigint or a hex quantity; nothing else', (property) => {
    for (const ok of [5, 5n, '0x5', '0x'] as unknown[]) expect(refusal({ to: TO, [property]: ok })).toBeNull()
    for (const bad of ['5', 'lots', 1.5, -1, -1n, {}, true, '0xzz'] as unknown[]) expect(refusal({ to: TO, [property]: bad })).toEqual({ code: -32602, message: quantityError(property) })
  })

  it.each([
    [1, 1],
    [31337, 31337],
    [undefined, null],
  ] as const)('chainId %s reads as %s (absent: the default chain applies)', (chainId, read) => {
    expect(readTransactionRequest({ to: TO, chainId }).chainId).toBe(read)
  })

  it.each(['one', '1', '0x7a69', 31337n, 0, -5, 1.5, {}])("chainId %s is refused: 'Transaction request property 'chainId' must be a number'", (chainId) => {
    expect(refusal({ to: TO, chainId })).toEqual({ code: -32602, message: "Transaction request property 'chainId' must be a number" })
  })

  it('through the EIP-1193 provider (eth_sendTransaction carries quantities as hex), a hex or bigint chainId reads too', () => {
    expect(readTransactionRequest({ to: TO, chainId: '0x7a69' }, { eip1193: true }).chainId).toBe(31337)
    expect(readTransactionRequest({ to: TO, chainId: 31337n }, { eip1193: true }).chainId).toBe(31337)
    expect(readTransactionRequest({ to: TO, chainId: 10 }, { eip1193: true }).chainId).toBe(10)
    expect(() => readTransactionRequest({ to: TO, chainId: 'one' }, { eip1193: true })).toThrow("Transaction request property 'chainId' must be a number")
  })

  it.each([null, undefined, 'tx', 5, { to: '0x1234' }, { to: 7 }, { to: TO, data: 'hello' }, { to: TO, data: 12 }])("'Invalid transaction request' for %j", (raw) => {
    expect(refusal(raw)).toEqual({ code: -32602, message: 'Invalid transaction request' })
  })

  it('keeps the fields as bigint (gasLimit is gas; input is data) and the sender', () => {
    expect(readTransactionRequest({ from: TO, to: TO, value: '0x10', gasLimit: 21000, input: '0xabcd', maxFeePerGas: 3n })).toEqual({
      chainId: null,
      from: TO,
      request: { to: TO, value: 16n, gas: 21000n, data: '0xabcd', maxFeePerGas: 3n },
    })
  })
})

describe('transactionError', () => {
  it.each([
    [{ name: 'InsufficientFundsError', message: 'x' }, 'Wallet has insufficient funds for this transaction.'],
    [new Error('wrapped', { cause: { details: 'insufficient funds for gas * price + value' } }), 'Wallet has insufficient funds for this transaction.'],
    [Object.assign(new Error('nonce too low'), { code: -32000 }), 'nonce too low'],
  ])('%#: %s', (error, message) => {
    expect(transactionError(error).message).toBe(message)
  })
})
