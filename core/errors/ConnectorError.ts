import { BaseError, type BaseErrorOptions } from './BaseError.js'

/** A wallet connector failed (connect, switch chain, request). */
export class ConnectorError extends BaseError {
  override name = 'ConnectorError'
  constructor(message: string, options: BaseErrorOptions = {}) {
    super(message, { code: 'GENERIC_CONNECT_WALLET_ERROR', ...options })
  }
}

/** EIP-1193 4001: the user rejected the request in the wallet. */
export class UserRejectedRequestError extends ConnectorError {
  override name = 'UserRejectedRequestError'
  readonly rpcCode = 4001
  constructor(message = 'User rejected the request.', options: { cause?: unknown } = {}) {
    super(message, { code: 'USER_REJECTED_REQUEST', ...options })
  }
}
