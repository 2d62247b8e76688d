import type { TransactionWallet } from '../../transactionWallet.js'
import type { SendCallsRequest, WalletCall } from './callBatchTypes.js'
import { parseChainId } from '../../../../core/client/wallets/chainIds.js'
import { readTransactionRequest } from '../embeddedTransactions.js'
import { EmbeddedProviderRpcError, providerRpcTexts, walletCallsErrorCodes } from '../../../../core/client/wallets/providerRpcError.js'

/** The most calls one batch may have (a larger one is 5740). */
export const MAX_BATCH_CALLS = 10
/** The longest batch id an app may give (EIP-5792: up to 4096 bytes). */
export const MAX_BATCH_ID_LENGTH = 4096

const invalid = () => new EmbeddedProviderRpcError(-32602, providerRpcTexts.invalidCalls)
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value)

/** EIP-5792: a capability the wallet doesn't know is refused (5700) unless the app marked it `optional: true`. */
function checkCapabilities(capabilities: unknown): void {
  if (capabilities === undefined || capabilities === null) return
  if (!isObject(capabilities)) throw invalid()
  for (const [name, value] of Object.entries(capabilities)) {
    if (!isObject(value) || value.optional !== true) throw new EmbeddedProviderRpcError(walletCallsErrorCodes.unsupportedCapability, providerRpcTexts.unsupportedCapability(name))
  }
}

/** One call: only `to`, `data` and `value` (no nonce or gas of the app's), checked as eth_sendTransaction checks them. */
function readCall(raw: unknown): WalletCall {
  if (!isObject(raw)) throw invalid()
  checkCapabilities(raw.capabilities)
  const { request } = readTransactionRequest({ to: raw.to, data: raw.data, value: raw.value }, { eip1193: true })
  if (!request.to && !request.data) throw invalid()
  return { ...(request.to ? { to: request.to } : {}), ...(request.data ? { data: request.data } : {}), value: request.value ?? 0n }
}

/**
 * wallet_sendCalls' request (`params[0]`), checked: the wallet (`from`, when given) is `wallet` (4100), the chain is one of
 * the host's (5710; `fallbackChainId` when the request names none), 1 to MAX_BATCH_CALLS calls (5740 above), each call's
 * fields well formed (-32602), and no capability the wallet lacks unless optional (5700).
 */
export function readSendCallsRequest(source: TransactionWallet, raw: unknown, wallet: string, fallbackChainId: number): SendCallsRequest {
  if (!isObject(raw) || typeof raw.version !== 'string') throw invalid()
  if (raw.from !== undefined && raw.from !== null && (typeof raw.from !== 'string' || raw.from.toLowerCase() !== wallet.toLowerCase())) {
    throw new EmbeddedProviderRpcError(4100, providerRpcTexts.unauthorized)
  }
  let chainId = fallbackChainId
  if (raw.chainId !== undefined && raw.chainId !== null) {
    const parsed = typeof raw.chainId === 'string' ? parseChainId(raw.chainId) : null
    if (parsed === null) throw invalid()
    chainId = parsed
  }
  if (!source.isSupportedChain(chainId)) throw new EmbeddedProviderRpcError(walletCallsErrorCodes.unsupportedChain, providerRpcTexts.chainNotSupported(chainId))
  if (raw.atomicRequired !== undefined && typeof raw.atomicRequired !== 'boolean') throw invalid()
  if (raw.id !== undefined && raw.id !== null && (typeof raw.id !== 'string' || raw.id.length === 0 || raw.id.length > MAX_BATCH_ID_LENGTH)) throw invalid()
  if (!Array.isArray(raw.calls) || raw.calls.length === 0) throw invalid()
  if (raw.calls.length > MAX_BATCH_CALLS) throw new EmbeddedProviderRpcError(walletCallsErrorCodes.batchTooLarge, providerRpcTexts.batchTooLarge(MAX_BATCH_CALLS))
  checkCapabilities(raw.capabilities)
  return { id: typeof raw.id === 'string' ? raw.id : null, chainId, calls: raw.calls.map(readCall), atomicRequired: raw.atomicRequired === true }
}
