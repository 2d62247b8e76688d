import { BaseError } from '../../core/errors/index.js'

/**
 * Privy's error codes (its `PrivyErrorCode` enum: same members, same values). Foyer's flows report the spec's
 * UPPER_SNAKE codes (`EXITED_AUTH_FLOW`); the compat hooks hand callbacks these lower-case values instead.
 */
export const PrivyErrorCode = {
  OAUTH_ACCOUNT_SUSPENDED: 'oauth_account_suspended',
  MISSING_OR_INVALID_PRIVY_APP_ID: 'missing_or_invalid_privy_app_id',
  MISSING_OR_INVALID_PRIVY_ACCOUNT_ID: 'missing_or_invalid_privy_account_id',
  MISSING_OR_INVALID_TOKEN: 'missing_or_invalid_token',
  INVALID_DATA: 'invalid_data',
  INVALID_CAPTCHA: 'invalid_captcha',
  LINKED_TO_ANOTHER_USER: 'linked_to_another_user',
  CANNOT_LINK_MORE_OF_TYPE: 'cannot_link_more_of_type',
  FAILED_TO_LINK_ACCOUNT: 'failed_to_link_account',
  FAILED_TO_UPDATE_ACCOUNT: 'failed_to_update_account',
  USER_EXITED_UPDATE_FLOW: 'exited_update_flow',
  ALLOWLIST_REJECTED: 'allowlist_rejected',
  OAUTH_USER_DENIED: 'oauth_user_denied',
  OAUTH_UNEXPECTED: 'oauth_unexpected',
  UNKNOWN_AUTH_ERROR: 'unknown_auth_error',
  USER_EXITED_AUTH_FLOW: 'exited_auth_flow',
  USER_EXITED_LINK_FLOW: 'exited_link_flow',
  USER_EXITED_SET_PASSWORD_FLOW: 'user_exited_set_password_flow',
  MUST_BE_AUTHENTICATED: 'must_be_authenticated',
  UNKNOWN_CONNECT_WALLET_ERROR: 'unknown_connect_wallet_error',
  GENERIC_CONNECT_WALLET_ERROR: 'generic_connect_wallet_error',
  CLIENT_REQUEST_TIMEOUT: 'client_request_timeout',
  INVALID_CREDENTIALS: 'invalid_credentials',
  MISSING_MFA_CREDENTIALS: 'missing_or_invalid_mfa',
  UNKNOWN_MFA_ERROR: 'unknown_mfa_error',
  EMBEDDED_WALLET_ALREADY_EXISTS: 'embedded_wallet_already_exists',
  EMBEDDED_WALLET_NOT_FOUND: 'embedded_wallet_not_found',
  EMBEDDED_WALLET_CREATE_ERROR: 'embedded_wallet_create_error',
  UNKNOWN_EMBEDDED_WALLET_ERROR: 'unknown_embedded_wallet_error',
  EMBEDDED_WALLET_PASSWORD_UNCONFIRMED: 'embedded_wallet_password_unconfirmed',
  EMBEDDED_WALLET_PASSWORD_ALREADY_EXISTS: 'embedded_wallet_password_already_exists',
  EMBEDDED_WALLET_RECOVERY_ALREADY_EXISTS: 'embedded_wallet_recovery_already_exists',
  TRANSACTION_FAILURE: 'transaction_failure',
  UNSUPPORTED_CHAIN_ID: 'unsupported_chain_id',
  NOT_SUPPORTED: 'not_supported',
  CAPTCHA_TIMEOUT: 'captcha_timeout',
  INVALID_MESSAGE: 'invalid_message',
  UNABLE_TO_SIGN: 'unable_to_sign',
  CAPTCHA_FAILURE: 'captcha_failure',
  CAPTCHA_DISABLED: 'captcha_disabled',
  SESSION_STORAGE_UNAVAILABLE: 'session_storage_unavailable',
  TOO_MANY_REQUESTS: 'too_many_requests',
  USER_LIMIT_REACHED: 'max_accounts_reached',
  DISALLOWED_LOGIN_METHOD: 'disallowed_login_method',
  DISALLOWED_PLUS_EMAIL: 'disallowed_plus_email',
  PASSKEY_NOT_ALLOWED: 'passkey_not_allowed',
  USER_DOES_NOT_EXIST: 'user_does_not_exist',
  INSUFFICIENT_BALANCE: 'insufficient_balance',
  ONRAMP_MINIMUM_IDENTITY_VERIFICATION_REQUIRED: 'onramp_minimum_identity_verification_required',
  ONRAMP_IDENTITY_VERIFICATION_REQUIRED: 'onramp_identity_verification_required',
  ONRAMP_DOCUMENT_VERIFICATION_REQUIRED: 'onramp_document_verification_required',
  ONRAMP_UNSUPPORTED_INFORMATION: 'onramp_unsupported_information',
  ONRAMP_TRANSACTION_LIMIT_REACHED: 'transaction_limit_reached',
  ONRAMP_QUOTE_EXPIRED: 'onramp_quote_expired',
  ONRAMP_PAYMENT_METHOD_DECLINED: 'onramp_payment_method_declined',
  ONRAMP_WALLET_OWNERSHIP_REQUIRED: 'onramp_wallet_ownership_required',
  ACCOUNT_TRANSFER_REQUIRED: 'account_transfer_required',
  BUFFER_NOT_DEFINED: 'buffer_not_defined',
  UNSUPPORTED_WALLET_TYPE: 'unsupported_wallet_type',
  NO_SOLANA_ACCOUNTS: 'no_solana_accounts',
  UNKNOWN_FUNDING_ERROR: 'unknown_funding_error',
} as const
/** One of Privy's error codes. */
export type PrivyErrorCode = (typeof PrivyErrorCode)[keyof typeof PrivyErrorCode]

const VALUES = new Set<string>(Object.values(PrivyErrorCode))
// Foyer codes whose Privy value is not their lower-case form.
const RENAMED: Record<string, PrivyErrorCode> = {
  USER_REJECTED_REQUEST: PrivyErrorCode.UNABLE_TO_SIGN,
  NO_EMBEDDED_WALLET: PrivyErrorCode.EMBEDDED_WALLET_NOT_FOUND,
  EXITED_SET_RECOVERY_FLOW: PrivyErrorCode.USER_EXITED_SET_PASSWORD_FLOW,
}

/**
 * Foyer's error code (or an error carrying one) as Privy's: the lower-case form when Privy has it
 * (`EXITED_AUTH_FLOW` → 'exited_auth_flow'), a few renamed ones, else `fallback`.
 */
export function toPrivyErrorCode(error: unknown, fallback: PrivyErrorCode = PrivyErrorCode.UNKNOWN_AUTH_ERROR): PrivyErrorCode {
  const code = typeof error === 'string' ? error : error instanceof BaseError ? error.code : undefined
  if (!code) return fallback
  if (RENAMED[code]) return RENAMED[code]
  const lower = code.toLowerCase()
  return VALUES.has(lower) ? (lower as PrivyErrorCode) : fallback
}

/** Privy's callback error: gets the code (and details for link and update flows). */
export type CallbackError<Details extends Record<string, any> | undefined = undefined> = Details extends Record<string, any>
  ? (error: PrivyErrorCode, details: Details) => void
  : (error: PrivyErrorCode) => void
