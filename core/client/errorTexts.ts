import type { ServerErrorCode } from '../protocol/index.js'
import { uiScreens, type UiScreenId } from './screenIds.js'

/** Shows the server's own message as the screen's title: for 4xx answers whose message is written for the user. */
export const SERVER_MESSAGE = 'server-message'

/** What the error screen shows for a code: text keys of the kernel's English (i18n/en.ts); `cta` labels a back button. */
export interface ErrorScreenText {
  title: string
  detail?: string
  cta?: string
  /** A failure screen of its own (default: the error screen). */
  screen?: UiScreenId
}

/** A code's entry: its texts, or the server's message. */
export type ErrorScreenEntry = ErrorScreenText | typeof SERVER_MESSAGE

const generic: ErrorScreenText = { title: 'error.generic.title', detail: 'error.generic.detail', cta: 'error.tryAgain' }
const linkedToAnother: ErrorScreenText = { title: 'error.linkedToAnother.title', detail: 'error.linkedToAnother.detail', cta: 'error.back' }
const sessionEnded: ErrorScreenText = { title: 'error.sessionEnded.title', detail: 'error.sessionEnded.detail' }

/**
 * Every core server code (upper-cased, as ApiError has it) → its error screen: the spec's §8 catalogue row where
 * it has one. The type makes a code added to `serverErrorCodes` without a row here a compile error.
 */
export const coreErrorTexts: { readonly [C in Uppercase<ServerErrorCode>]: ErrorScreenEntry } = {
  // The message names the field or the rule that failed ('email: Invalid email'): §8 'HTTP 400 or 422'.
  INVALID_DATA: SERVER_MESSAGE,
  INVALID_APP_ID: { title: 'app.invalidId' },
  // The server's message is for the developer (it names the origin and the dashboard setting).
  INVALID_ORIGIN: { title: 'error.generic.title', detail: 'error.invalidOrigin.detail' },
  CSRF_REJECTED: { title: 'error.generic.title', detail: 'error.requestRejected.detail', cta: 'error.tryAgain' },
  NOT_FOUND: generic,
  PAYLOAD_TOO_LARGE: { title: 'error.generic.title', detail: 'error.payloadTooLarge.detail', cta: 'error.back' },
  UNAUTHORIZED: sessionEnded,
  INVALID_REFRESH_TOKEN: sessionEnded,
  INVALID_CREDENTIALS: { title: 'error.loginFailed.title', detail: 'error.loginFailed.detail', cta: 'error.tryAgain' },
  TOO_MANY_REQUESTS: { title: 'error.tooMany.title', detail: 'error.tooMany.detail', cta: 'error.tooMany.cta' },
  USER_DOES_NOT_EXIST: { title: 'error.accountNotFound.title', detail: 'error.accountNotFound.detail', cta: 'error.accountNotFound.cta', screen: uiScreens.accountNotFound },
  LINKED_TO_ANOTHER_USER: linkedToAnother,
  // §8 e-mail/SMS: 'Cannot link more of this type: the server message' ('User already has an account of type email linked.').
  CANNOT_LINK_MORE_OF_TYPE: SERVER_MESSAGE,
  // Without the transfer data (nonce) the prompt can't be shown: the conflict reads as 'linked to another user'.
  ACCOUNT_TRANSFER_REQUIRED: linkedToAnother,
  INVALID_TRANSFER_NONCE: { title: 'error.linkedToAnother.title', detail: 'error.transferExpired.detail', cta: 'error.back' },
  // The host's allowlist texts replace these (errorScreenFor).
  ALLOWLIST_REJECTED: { title: 'error.allowlist.title', detail: 'error.allowlist.detail', cta: 'error.allowlist.cta', screen: uiScreens.allowlist },
  DISALLOWED_LOGIN_METHOD: { title: 'error.notAllowed.title', cta: 'error.notAllowed.cta' },
  USER_LIMIT_REACHED: { title: 'error.userLimit.title', detail: 'error.userLimit.detail', screen: uiScreens.userLimit },
  INVALID_CAPTCHA: { title: 'error.generic.title', detail: 'error.invalidCaptcha.detail' },
  SMS_NOT_CONFIGURED: { title: 'error.generic.title', detail: 'error.smsUnavailable.detail', cta: 'error.back' },
  // §8: 'SMS verification failure shows its message' (the SMS provider's reason).
  SMS_VERIFICATION_FAILED: SERVER_MESSAGE,
  MISSING_OR_INVALID_MFA: { title: 'error.generic.title', detail: 'error.mfaFailed.detail', cta: 'error.tryAgain' },
  MFA_VERIFICATION_MAX_ATTEMPTS_REACHED: { title: 'error.generic.title', detail: 'error.mfaMaxAttempts.detail' },
  MFA_TIMEOUT: { title: 'error.generic.title', detail: 'error.mfaTimeout.detail', cta: 'error.tryAgain' },
  // Not in the spec: 100 failures in a row lock a method (NIST SP 800-63B §5.2.2); the text names the way out.
  // The server's message names the way out (MFA_METHOD_LOCKED_TEXT).
  MFA_METHOD_LOCKED: SERVER_MESSAGE,
  // 'Cannot unlink the last login method of this account.'
  NOT_ALLOWED: SERVER_MESSAGE,
  INTERNAL_ERROR: generic,
  // The database is away for a moment: the client has already retried (503 is in RETRY_STATUS_CODES).
  SERVICE_UNAVAILABLE: generic,
}

/** Client-side kernel codes with a fixed §8 row (the timeout and captcha failure rows depend on the error: errorScreenFor). */
export const clientErrorTexts: Readonly<Record<string, ErrorScreenEntry>> = {
  CAPTCHA_TIMEOUT: { title: 'error.captchaTimeout' },
  // The SMS plugin's server code; its row is in the kernel's §8 table, with a title the plugin's text slot can't give.
  REGION_NOT_SUPPORTED: { title: 'error.region.title', detail: 'error.region.detail', cta: 'error.back' },
}
