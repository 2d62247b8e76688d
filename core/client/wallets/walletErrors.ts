import { ConnectorError, UserRejectedRequestError } from '../../errors/index.js'

/** The spec's wallet texts (§8, wallet connection). */
export const walletTexts = {
  notConnected: 'Wallet is not currently connected',
  noAccounts: 'Unable to retrieve accounts',
  unsupportedChain: 'Unsupported chainId',
  unknownChain: 'Unable to determine current chainId',
  unsupportedWallet: 'Unsupported wallet',
  unableToConnect: 'Unable to connect to wallet',
  unableToConnectWallet: 'Unable to connect wallet',
  unableToAuthorize: 'Unable to authorize user',
  /** §5: connecting a Solana wallet without `solana:signMessage`. */
  solanaSignMessageRequired: 'A Solana wallet must support message signing',
} as const

/** An EIP-1193 provider error: 4001 rejected, 4100 unauthorized, 4200 invalid params/unsupported, 4900 disconnected. */
export class ProviderRpcError extends ConnectorError {
  override name = 'ProviderRpcError'
  readonly rpcCode: number
  constructor(rpcCode: number, message: string) {
    super(message, { code: rpcCode === 4900 ? 'WALLET_NOT_CONNECTED' : rpcCode === 4200 ? 'INVALID_PARAMS' : `RPC_${rpcCode}` })
    this.rpcCode = rpcCode
  }
}

/** Maps whatever a wallet threw to a ConnectorError; 4001 (or a "rejected" message) becomes UserRejectedRequestError. */
export function toConnectorError(error: unknown, fallback: string = walletTexts.unableToConnect): ConnectorError {
  if (error instanceof ConnectorError) return error
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : ''
  if (code === 4001 || code === 'ACTION_REJECTED' || /user (rejected|denied)/i.test(message)) return new UserRejectedRequestError(undefined, { cause: error })
  if (code === 4900 || code === 4901) return new ProviderRpcError(4900, walletTexts.notConnected)
  return new ConnectorError(fallback, { cause: error, ...(message ? { details: message.slice(0, 200) } : {}) })
}

/** Calls `fn` until it yields a usable value: up to `tries` times, `delayMs` apart (spec: 10 × 500 ms). */
export async function retryLookup<T>(fn: () => Promise<T>, ok: (value: T) => boolean, tries = 10, delayMs = 500): Promise<T | null> {
  for (let i = 0; i < tries; i++) {
    try {
      const value = await fn()
      if (ok(value)) return value
    } catch {
      // A wallet that is still waking up throws; the next try may succeed.
    }
    if (i < tries - 1) await new Promise((resolve) => setTimeout(resolve, delayMs))
  }
  return null
}
