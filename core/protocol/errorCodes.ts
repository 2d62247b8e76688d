/**
 * Stable error codes the server puts in `{ error, code }` bodies. Lower snake case on the wire;
 * the client's ApiError exposes them upper-cased (`invalid_credentials` → `INVALID_CREDENTIALS`).
 */
export const serverErrorCodes = [
  'invalid_data',
  'invalid_app_id',
  'invalid_origin',
  'csrf_rejected',
  'not_found',
  'payload_too_large',
  'unauthorized',
  'invalid_refresh_token',
  'invalid_credentials',
  'too_many_requests',
  'user_does_not_exist',
  'linked_to_another_user',
  'cannot_link_more_of_type',
  'account_transfer_required',
  'invalid_transfer_nonce',
  'allowlist_rejected',
  'disallowed_login_method',
  'user_limit_reached',
  'invalid_captcha',
  'sms_not_configured',
  'sms_verification_failed',
  'missing_or_invalid_mfa',
  'mfa_verification_max_attempts_reached',
  'mfa_timeout',
  'mfa_method_locked',
  'not_allowed',
  'internal_error',
  'service_unavailable',
] as const

/**
 * Codes core declares that have no row in the host kernel's error table: a host page meets them never or only when
 * misconfigured, and then shows the generic error screen. The device-key codes answer the wallet frame's custody calls
 * (the frame shows the server's message), or a sign-in whose frame sent a malformed key; a cross-site refusal comes
 * only from a page of another site. A refused app secret answers an app's back end (HTTP Basic), never a page; the app store's codes answer an operator's tool.
 */
export const frameAndMisconfigurationErrorCodes = [
  'cross_site_request',
  'invalid_device_key',
  'session_not_bound',
  'device_proof_required',
  'invalid_device_proof',
  'invalid_app_secret',
  // The app store (ctx.appStore, the admin console): an operator's tool, never a host page.
  'invalid_app_config',
  'app_not_found',
  'app_exists',
  'app_changed',
] as const

export type ServerErrorCode = (typeof serverErrorCodes)[number]

/** The JSON body of every non-2xx server answer. */
export interface ServerErrorBody {
  error: string
  code: ServerErrorCode | (string & {})
  /** Extra data a flow needs (e.g. the transfer nonce). Never secrets. */
  data?: Record<string, unknown>
}
