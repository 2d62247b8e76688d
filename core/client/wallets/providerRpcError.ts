import { BaseError } from '../../errors/index.js'
import { duplicateBatchIdText, EmbeddedProviderRpcError } from './embeddedProviderRpcError.js'

export { EmbeddedProviderRpcError, walletCallsErrorCodes } from './embeddedProviderRpcError.js'

/** EIP-1193's own texts for its codes. */
export const providerRpcTexts = {
  /** EIP-1193's 4001 text. */
  rejected: 'The user rejected the request.',
  unauthorized: 'The requested method and/or account has not been authorized by the user.',
  /** EIP-1193's 4200 text, naming the method (a dapp's log then says which one). */
  unsupportedMethod: (method: string) => `The Provider does not support the requested method: ${method.slice(0, 64)}.`,
  disconnected: 'The Provider is disconnected from all chains.',
  notConnectable: 'User must be authenticated and have a Foyer wallet before it can be connected',
  /** The spec's (§5) with our provider's name in place of theirs. */
  chainNotSupported: (chainId: number | string) =>
    `Chain ID ${chainId} is not supported. It must be added to the config.supportedChains property of the FoyerProvider.`,
  invalidQuantity: (property: string) => `Transaction request property '${property}' must be a valid number, bigint, or hex string representing a quantity`,
  invalidChainId: "Transaction request property 'chainId' must be a number",
  // EIP-5792's errors (wallet_sendCalls and the batch status methods).
  invalidCalls: 'Invalid wallet_sendCalls request',
  unsupportedCapability: (name: string) => `The wallet does not support the capability '${name}', which the request did not mark as optional.`,
  duplicateBatchId: duplicateBatchIdText,
  unknownBatchId: 'No batch with this id was submitted.',
  batchTooLarge: (max: number) => `The batch is too large: the wallet sends at most ${max} calls at once.`,
  atomicityNotSupported: 'The wallet cannot send these calls atomically on this chain.',
} as const

/**
 * Whatever a sign or send threw, as a ProviderRpcError: the sign screen's close (USER_REJECTED_REQUEST) is 4001
 * 'The user rejected the request.', a missing session or wallet 4100, a node's JSON-RPC error keeps its code,
 * anything else is -32603 with a message safe to show.
 */
export function toProviderRpcError(error: unknown): EmbeddedProviderRpcError {
  if (error instanceof EmbeddedProviderRpcError) return error
  if (error instanceof BaseError) {
    if (error.code === 'USER_REJECTED_REQUEST') return new EmbeddedProviderRpcError(4001, providerRpcTexts.rejected, { cause: error })
    if (error.code === 'MUST_BE_AUTHENTICATED' || error.code === 'NO_EMBEDDED_WALLET') return new EmbeddedProviderRpcError(4100, error.shortMessage, { cause: error })
    // The frame's answers (WalletProxyError) and the kernel's errors carry a message safe to show.
    return new EmbeddedProviderRpcError(-32603, error.shortMessage, { cause: error })
  }
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : 'An error has occurred, please try again.'
  if (typeof code === 'number' && Number.isInteger(code)) return new EmbeddedProviderRpcError(code, message, { cause: error, data: (error as { data?: unknown }).data })
  return new EmbeddedProviderRpcError(-32603, message, { cause: error })
}
