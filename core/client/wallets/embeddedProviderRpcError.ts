// The provider's error class and EIP-5792's codes, apart from providerRpcError.ts (its texts, and toProviderRpcError with
// the wallet's error texts): the page's batch store (callBatchStore.ts, made with the plugin's state at page load) needs
// only these, so the host's first load carries none of the rest.

/**
 * An EIP-1193 ProviderRpcError: `code` is the spec's number (4001 rejected, 4100 unauthorized, 4200 unsupported
 * method, 4900 disconnected, 4901 chain disconnected, 4902 unrecognized chain; -32602 / -32603 from JSON-RPC), which
 * is what viem's `custom()` transport and wagmi switch on — so this is an Error with a numeric code, not a BaseError.
 */
export class EmbeddedProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data?: unknown
  constructor(code: number, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    if (options.data !== undefined) this.data = options.data
  }
}

/** EIP-5792's error codes. */
export const walletCallsErrorCodes = {
  unsupportedCapability: 5700,
  unsupportedChain: 5710,
  duplicateId: 5720,
  unknownId: 5730,
  batchTooLarge: 5740,
  atomicityNotSupported: 5760,
} as const

/** EIP-5792's 5720 text (wallet_sendCalls with an id already taken); `providerRpcTexts.duplicateBatchId`. */
export const duplicateBatchIdText = 'A batch with this id was already submitted.'
