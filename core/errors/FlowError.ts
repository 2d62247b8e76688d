import { BaseError } from './BaseError.js'

/** Codes a flow reports to the host's onError (the spec's "error codes seen"). */
export const flowErrorCodes = {
  exitedLogin: 'EXITED_AUTH_FLOW',
  exitedLink: 'EXITED_LINK_FLOW',
  exitedUpdate: 'EXITED_UPDATE_FLOW',
  failedToLink: 'FAILED_TO_LINK_ACCOUNT',
  failedToUpdate: 'FAILED_TO_UPDATE_ACCOUNT',
  unknownAuth: 'UNKNOWN_AUTH_ERROR',
  genericConnectWallet: 'GENERIC_CONNECT_WALLET_ERROR',
  captchaFailure: 'CAPTCHA_FAILURE',
  oauthUnexpected: 'OAUTH_UNEXPECTED',
  oauthUserDenied: 'OAUTH_USER_DENIED',
} as const
export type FlowErrorCode = (typeof flowErrorCodes)[keyof typeof flowErrorCodes]

/** An auth, link or update flow that ended without success. */
export class FlowError extends BaseError {
  override name = 'FlowError'
  constructor(message: string, code: FlowErrorCode | (string & {}), options: { cause?: unknown } = {}) {
    super(message, { code, ...options })
  }
}
