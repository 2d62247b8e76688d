import { FlowError, UserRejectedRequestError } from '../../core/errors/index.js'

/** §8's cross-app texts. */
export const crossAppErrorTexts = {
  invalidConnectedApp: 'Invalid connected app',
  wrongAddress: 'Cannot request a signature with this wallet address',
  readOnly: 'Cannot transact against a read-only provider app',
  noToken: 'Transactions require a valid token',
  initFailed: 'Failed to initialize signature request',
  timeout: 'Request timeout',
  authTimeout: 'Authorization request timed out after 2 minutes.',
  rejected: 'User rejected request',
  connectFailed: 'There was an issue connecting your {app} account. Please try again.',
  unexpectedState: 'Unexpected auth flow. This may be a phishing attempt.',
} as const

/** Client codes of cross-app failures. */
export const crossAppErrorCodes = {
  invalidConnectedApp: 'INVALID_CONNECTED_APP',
  wrongAddress: 'CROSS_APP_WRONG_ADDRESS',
  readOnly: 'CROSS_APP_READ_ONLY',
  noToken: 'CROSS_APP_INVALID_TOKEN',
  initFailed: 'CROSS_APP_INIT_FAILED',
  timeout: 'CROSS_APP_TIMEOUT',
  unexpectedState: 'CROSS_APP_UNEXPECTED_STATE',
  providerError: 'CROSS_APP_PROVIDER_ERROR',
} as const

/** A cross-app failure with the spec's text. */
export const crossAppError = (key: Exclude<keyof typeof crossAppErrorCodes, 'providerError'>, code = crossAppErrorCodes[key]) =>
  new FlowError(crossAppErrorTexts[key], code)

/** The popup was closed before it answered. */
export const crossAppRejected = () => new UserRejectedRequestError(crossAppErrorTexts.rejected)
