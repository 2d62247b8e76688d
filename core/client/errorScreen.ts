import * as v from 'valibot'
import { ApiError, BaseError, ValidationError } from '../errors/index.js'
import { AccountTransferDataSchema, type AccountTransferData } from '../protocol/index.js'
import { CaptchaError } from './captcha.js'
import { uiScreens } from './screenIds.js'
import type { ResolvedConfig } from './types.js'

/** Params every error and failure screen renders. */
export interface ErrorScreenParams {
  title: string
  detail?: string
  cta?: { label: string; href?: string; action?: 'back' | 'close' | 'retry' }
}

/** Params of the account transfer prompt (and of its asset check). */
export interface AccountTransferScreenParams {
  data: AccountTransferData
}

/** The screen an error leads to. */
export interface ErrorScreen {
  screen: string
  params: ErrorScreenParams | AccountTransferScreenParams
}

type T = (key: string, vars?: Record<string, string | number>) => string

/** Failure screens the ui plugin registers (the ui's screen ids). */
export const failureScreens = uiScreens

/** The spec's "error screen by error code" table (§8). `pluginTexts` are plugins' code → text. */
export function errorScreenFor(error: unknown, t: T, config: ResolvedConfig | null, pluginTexts: Record<string, string> = {}): ErrorScreen {
  const code = error instanceof BaseError ? error.code : 'UNKNOWN_ERROR'
  const back = (label: string) => ({ label, action: 'back' as const })
  const screen = (params: ErrorScreenParams, id: string = failureScreens.error): ErrorScreen => ({ screen: id, params })
  switch (code) {
    case 'CLIENT_REQUEST_TIMEOUT':
      // 'Timed out' plus the message: what waited how long (the title already says 'Timed out').
      return screen({ title: t('error.timedOut.title'), detail: (error as BaseError).details ?? (error as BaseError).shortMessage, cta: back(t('error.tryAgain')) })
    case 'INVALID_CAPTCHA':
      return screen({ title: t('error.generic.title'), detail: t('error.invalidCaptcha.detail') })
    case 'DISALLOWED_LOGIN_METHOD':
      return screen({ title: t('error.notAllowed.title'), cta: back(t('error.notAllowed.cta')) })
    case 'ALLOWLIST_REJECTED': {
      const a = config?.allowlist
      const link = a?.errorCtaLink
      return screen(
        {
          title: a?.errorTitle ?? t('error.allowlist.title'),
          detail: a?.errorDetail ?? t('error.allowlist.detail'),
          cta: { label: a?.errorCtaText ?? t('error.allowlist.cta'), ...(link ? { href: link } : { action: 'back' as const }) },
        },
        failureScreens.allowlist,
      )
    }
    case 'CAPTCHA_FAILURE':
      // After the widget's retries ran out, the likeliest cause is a blocked script: say so (§8).
      return screen({ title: t('error.captchaFailed'), ...(error instanceof CaptchaError && error.retriesExhausted ? { detail: t('error.captchaAdblock') } : {}) })
    case 'CAPTCHA_TIMEOUT':
      return screen({ title: t('error.captchaTimeout') })
    case 'LINKED_TO_ANOTHER_USER':
      return screen({ title: t('error.linkedToAnother.title'), detail: t('error.linkedToAnother.detail'), cta: back(t('error.back')) })
    case 'REGION_NOT_SUPPORTED':
      return screen({ title: t('error.region.title'), detail: t('error.region.detail'), cta: back(t('error.back')) })
    case 'TOO_MANY_REQUESTS':
      return screen({ title: t('error.tooMany.title'), detail: t('error.tooMany.detail'), cta: back(t('error.tooMany.cta')) })
    case 'USER_DOES_NOT_EXIST':
      return screen(
        { title: t('error.accountNotFound.title'), detail: t('error.accountNotFound.detail'), cta: back(t('error.accountNotFound.cta')) },
        failureScreens.accountNotFound,
      )
    case 'USER_LIMIT_REACHED':
      return screen({ title: t('error.userLimit.title'), detail: t('error.userLimit.detail') }, failureScreens.userLimit)
    case 'ACCOUNT_TRANSFER_REQUIRED': {
      // The link conflict screen needs the server's nonce; without valid data it is just 'linked to another user'.
      const parsed = v.safeParse(AccountTransferDataSchema, error instanceof ApiError ? error.data : undefined)
      if (parsed.success) return { screen: failureScreens.accountTransfer, params: { data: parsed.output } }
      return screen({ title: t('error.linkedToAnother.title'), detail: t('error.linkedToAnother.detail'), cta: back(t('error.back')) })
    }
  }
  const pluginText = pluginTexts[code]
  if (pluginText) return screen({ title: t('error.generic.title'), detail: t(pluginText), cta: back(t('error.tryAgain')) })
  if (error instanceof ApiError && (error.status === 400 || error.status === 422)) {
    return screen({ title: error.shortMessage, cta: back(t('error.tryAgain')) })
  }
  if (error instanceof ValidationError) return screen({ title: error.shortMessage, cta: back(t('error.tryAgain')) })
  return screen({ title: t('error.generic.title'), detail: t('error.generic.detail'), cta: back(t('error.tryAgain')) })
}

/** Codes for which a code screen leaves the screen for a failure screen (the e-mail/SMS table, §8). */
const OTP_SCREEN_CODES = new Set(['USER_LIMIT_REACHED', 'USER_DOES_NOT_EXIST', 'LINKED_TO_ANOTHER_USER', 'ACCOUNT_TRANSFER_REQUIRED', 'ALLOWLIST_REJECTED', 'DISALLOWED_LOGIN_METHOD'])

/** What a code screen does with a failed code: an inline text, or a failure screen (`screen`). */
export function otpErrorFor(error: unknown, t: T): { inline: string } | { screen: true } {
  const code = error instanceof BaseError ? error.code : ''
  if (OTP_SCREEN_CODES.has(code)) return { screen: true }
  if (code === 'INVALID_CREDENTIALS') return { inline: t('otp.invalidCode') }
  if (code === 'CANNOT_LINK_MORE_OF_TYPE' && error instanceof ApiError) return { inline: error.shortMessage }
  if (error instanceof ValidationError) return { inline: error.shortMessage }
  return { inline: t('otp.issueVerifying') }
}
