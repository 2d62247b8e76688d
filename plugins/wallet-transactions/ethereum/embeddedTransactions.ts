import type { PublicClient } from 'viem'
import { EmbeddedProviderRpcError, providerRpcTexts, toProviderRpcError } from '../../../core/client/wallets/providerRpcError.js'
import type { PreparedTransaction, TransactionStepRequest } from './transactionTypes.js'
import { parseChainId } from '../../../core/client/wallets/chainIds.js'

/** A transaction request as EIP-1193 carries it (eth_sendTransaction / eth_signTransaction's first param). */
export interface EthereumTransactionRequest {
  from?: string
  to?: string | null
  data?: string
  input?: string
  value?: unknown
  nonce?: unknown
  gas?: unknown
  gasLimit?: unknown
  gasPrice?: unknown
  maxFeePerGas?: unknown
  maxPriorityFeePerGas?: unknown
  chainId?: unknown
}

export type { PreparedTransaction, TransactionStepRequest } from './transactionTypes.js'

const QUANTITIES = ['value', 'nonce', 'gas', 'gasLimit', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const
const HEX = /^0x[0-9a-fA-F]*$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** A quantity the spec allows (number, bigint or hex string), as bigint; the spec's error for anything else. */
function quantity(property: string, value: unknown): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'bigint' && value >= 0n) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && HEX.test(value)) return value === '0x' ? 0n : BigInt(value)
  throw new EmbeddedProviderRpcError(-32602, providerRpcTexts.invalidQuantity(property))
}

/**
 * The request's fields, checked (the spec's §5 rules); `chainId` when the request names one. §5 wants a number for
 * chainId; `eip1193` (eth_sendTransaction / eth_signTransaction, whose params carry quantities as hex by standard)
 * also takes a hex string or a bigint.
 */
export function readTransactionRequest(raw: unknown, { eip1193 = false }: { eip1193?: boolean } = {}): { request: TransactionStepRequest; chainId: number | null; from: string | null } {
  if (!raw || typeof raw !== 'object') throw new EmbeddedProviderRpcError(-32602, 'Invalid transaction request')
  const tx = raw as EthereumTransactionRequest
  const q = Object.fromEntries(QUANTITIES.map((p) => [p, quantity(p, tx[p])])) as Record<(typeof QUANTITIES)[number], bigint | undefined>
  let chainId: number | null = null
  if (tx.chainId !== undefined && tx.chainId !== null) {
    chainId = eip1193 || typeof tx.chainId === 'number' ? parseChainId(tx.chainId) : null
    if (chainId === null) throw new EmbeddedProviderRpcError(-32602, providerRpcTexts.invalidChainId)
  }
  if (tx.to !== undefined && tx.to !== null && (typeof tx.to !== 'string' || !ADDRESS.test(tx.to))) throw new EmbeddedProviderRpcError(-32602, 'Invalid transaction request')
  const data = tx.data ?? tx.input
  if (data !== undefined && (typeof data !== 'string' || !HEX.test(data))) throw new EmbeddedProviderRpcError(-32602, 'Invalid transaction request')
  const gas = q.gas ?? q.gasLimit
  return {
    chainId,
    from: typeof tx.from === 'string' ? tx.from : null,
    request: {
      ...(tx.to ? { to: tx.to as `0x${string}` } : {}),
      ...(data ? { data: data as `0x${string}` } : {}),
      ...(q.value !== undefined ? { value: q.value } : {}),
      ...(q.nonce !== undefined ? { nonce: Number(q.nonce) } : {}),
      ...(gas !== undefined ? { gas } : {}),
      ...(q.gasPrice !== undefined ? { gasPrice: q.gasPrice } : {}),
      ...(q.maxFeePerGas !== undefined ? { maxFeePerGas: q.maxFeePerGas } : {}),
      ...(q.maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas: q.maxPriorityFeePerGas } : {}),
    },
  }
}

/**
 * Fills what the request left out from the chain's node: nonce (pending), gas (estimate), and fees — EIP-1559 when
 * the chain's blocks have a base fee, else the legacy gas price — then checks the balance covers value + gas × fee
 * (the spec's preparing step), so a transaction that can't be paid for is never signed. Fields the caller gave are kept.
 */
export async function prepareTransaction(
  client: PublicClient,
  from: `0x${string}`,
  chainId: number,
  request: ReturnType<typeof readTransactionRequest>['request'],
): Promise<PreparedTransaction> {
  try {
    const prepared = await fillTransaction(client, from, chainId, request)
    const balance = await client.getBalance({ address: from })
    if (balance < prepared.value + prepared.gas * (prepared.maxFeePerGas ?? prepared.gasPrice ?? 0n)) {
      throw new EmbeddedProviderRpcError(-32603, 'Wallet has insufficient funds for this transaction.')
    }
    return prepared
  } catch (error) {
    throw transactionError(error)
  }
}

/** The request with nonce, gas and fees filled in from the node where the caller left them out. */
export async function fillTransaction(client: PublicClient, from: `0x${string}`, chainId: number, request: ReturnType<typeof readTransactionRequest>['request']): Promise<PreparedTransaction> {
  const value = request.value ?? 0n
  const call = { account: from, value, ...(request.to ? { to: request.to } : {}), ...(request.data ? { data: request.data } : {}) }
  const [nonce, gas] = await Promise.all([
    request.nonce ?? client.getTransactionCount({ address: from, blockTag: 'pending' }),
    request.gas ?? client.estimateGas(call),
  ])
  const prepared: PreparedTransaction = { from, value, nonce, gas, chainId, ...(request.to ? { to: request.to } : {}), ...(request.data ? { data: request.data } : {}) }
  if (request.gasPrice !== undefined && request.maxFeePerGas === undefined) return { ...prepared, gasPrice: request.gasPrice }
  if (request.maxFeePerGas !== undefined) {
    return { ...prepared, maxFeePerGas: request.maxFeePerGas, maxPriorityFeePerGas: request.maxPriorityFeePerGas ?? (await client.estimateMaxPriorityFeePerGas()) }
  }
  try {
    const fees = await client.estimateFeesPerGas()
    return { ...prepared, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: request.maxPriorityFeePerGas ?? fees.maxPriorityFeePerGas }
  } catch {
    // A chain without EIP-1559 (no base fee): a legacy transaction.
    return { ...prepared, gasPrice: await client.getGasPrice() }
  }
}

/** The request the frame signs (eth_signTransaction's shape: hex quantities, a numeric chainId). */
export function frameTransaction(tx: PreparedTransaction): Record<string, unknown> {
  const hex = (n: bigint) => `0x${n.toString(16)}`
  return {
    from: tx.from,
    ...(tx.to ? { to: tx.to } : {}),
    ...(tx.data ? { data: tx.data } : {}),
    value: hex(tx.value),
    nonce: tx.nonce,
    gas: hex(tx.gas),
    chainId: tx.chainId,
    ...(tx.gasPrice !== undefined ? { gasPrice: hex(tx.gasPrice) } : {}),
    ...(tx.maxFeePerGas !== undefined ? { maxFeePerGas: hex(tx.maxFeePerGas), maxPriorityFeePerGas: hex(tx.maxPriorityFeePerGas ?? 0n) } : {}),
  }
}

/** A node's answer (or viem's error) that says the wallet can't pay: viem's InsufficientFundsError or the node's text. */
export const insufficientFunds = (e: unknown) => {
  const { name, details, message } = e as { name?: string; details?: unknown; message?: unknown }
  return name === 'InsufficientFundsError' || /insufficient funds/i.test(`${typeof details === 'string' ? details : ''} ${typeof message === 'string' ? message : ''}`)
}

/** What preparing or sending a transaction failed with: the spec's text for a wallet without the funds (§8), else the node's error. */
export function transactionError(error: unknown): EmbeddedProviderRpcError {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (insufficientFunds(e)) return new EmbeddedProviderRpcError(-32603, 'Wallet has insufficient funds for this transaction.', { cause: error })
  }
  return toProviderRpcError(error)
}
