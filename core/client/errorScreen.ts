import * as v from 'valibot'
import { ApiError, BaseError, ValidationError } from '../errors/index.js'
import { AccountTransferDataSchema, type AccountTransferData } from '../protocol/index.js'
import { CaptchaError } from './captcha.js'
import { clientErrorTexts, coreErrorTexts, SERVER_MESSAGE, type ErrorScreenEntry } from './errorTexts.js'
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

/**
 * The spec's "error screen by error code" table (§8): the kernel's rows (errorTexts.ts), then the plugins'
 * code → text (`pluginTexts`, registry.errors), then the server's message for other 400/422 answers.
 */
export function errorScreenFor(error: unknown, t: T, config: ResolvedConfig | null, pluginTexts: Record<string, string> = {}): ErrorScreen {
  const code = error instanceof BaseError ? error.code : 'UNKNOWN_ERROR'
  const back = (label: string) => ({ label, action: 'back' as const })
  const screen = (params: ErrorScreenParams, id: string = failureScreens.error): ErrorScreen => ({ screen: id, params })
  switch (code) {
    case 'CLIENT_REQUEST_TIMEOUT':
      // 'Timed out' plus the message: what waited how long (the title already says 'Timed out').
      return screen({ title: t('error.timedOut.title'), detail: (error as BaseError).details ?? (error as BaseError).shortMessage, cta: back(t('error.tryAgain')) })
    case 'CAPTCHA_FAILURE':
      // After the widget's retries ran out, the likeliest cause is a blocked script: say so (§8).
      return screen({ title: t('error.captchaFailed'), ...(error instanceof CaptchaError && error.retriesExhausted ? { detail: t('error.captchaAdblock') } : {}) })
    case 'ACCOUNT_TRANSFER_REQUIRED': {
      // The link conflict screen needs the server's nonce; without valid data the kernel row ('linked to another user') shows.
      const parsed = v.safeParse(AccountTransferDataSchema, error instanceof ApiError ? error.data : undefined)
      if (parsed.success) return { screen: failureScreens.accountTransfer, params: { data: parsed.output } }
      break
    }
  }
  const row = kernelRows.get(code)
  if (row === SERVER_MESSAGE) return screen({ title: (error as BaseError).shortMessage, cta: back(t('error.tryAgain')) })
  if (row) {
    const params: ErrorScreenParams = { title: t(row.title), ...(row.detail ? { detail: t(row.detail) } : {}), ...(row.cta ? { cta: back(t(row.cta)) } : {}) }
    return screen(code === 'ALLOWLIST_REJECTED' ? withAllowlistTexts(params, config) : params, row.screen)
  }
  const pluginText = pluginTexts[code]
  if (pluginText) return screen({ title: t('error.generic.title'), detail: t(pluginText), cta: back(t('error.tryAgain')) })
  if (error instanceof ApiError && (error.status === 400 || error.status === 422)) {
    return screen({ title: error.shortMessage, cta: back(t('error.tryAgain')) })
  }
  if (error instanceof ValidationError) return screen({ title: error.shortMessage, cta: back(t('error.tryAgain')) })
  return screen({ title: t('error.generic.title'), detail: t('error.generic.detail'), cta: back(t('error.tryAgain')) })
}

const kernelRows = new Map<string, ErrorScreenEntry>(Object.entries({ ...coreErrorTexts, ...clientErrorTexts }))

/** The host's allowlist texts (config.allowlist) over the spec's; a configured link replaces the back button. */
function withAllowlistTexts(params: ErrorScreenParams, config: ResolvedConfig | null): ErrorScreenParams {
  const a = config?.allowlist
  const link = a?.errorCtaLink
  const detail = a?.errorDetail ?? params.detail
  return {
    title: a?.errorTitle ?? params.title,
    ...(detail ? { detail } : {}),
    cta: { label: a?.errorCtaText ?? params.cta?.label ?? '', ...(link ? { href: link } : { action: 'back' as const }) },
  }
}

export { errorsEn } from './i18n/errorsEn.js'
export { failureScreenCodes, errorScreenCodes, hasFailureScreen, otpErrorFor, type ErrorScreenCode } from './failureScreenPolicy.js'
