import { hasFailureScreen } from '../../core/client/failureScreenPolicy.js'
import type { AuthResult, Foyer, Intent } from '../../core/client/types.js'
import { ApiError, BaseError, FlowError } from '../../core/errors/index.js'
import type { LinkedAccount, RawUser } from '../../core/protocol/index.js'
import { telegramTexts, type TelegramPayload, type TelegramWebAppData } from './schema.js'
import { telegramCalls } from './telegramCalls.js'
export { readTelegramReturn } from './telegramReturn.js'

/** Error codes the Telegram client raises itself. */
export const telegramErrorCodes = {
  canceled: 'TELEGRAM_AUTH_CANCELED',
  notInitialized: 'TELEGRAM_NOT_INITIALIZED',
} as const

/** Storage key remembering why the browser went to Telegram (login or link), read back on return. */
export const telegramIntentKey = (appId: string) => `foyer:${appId}:telegram_intent`

export type { TelegramPayload } from './schema.js'

const accountOf = (user: RawUser) => (user.linkedAccounts.find((a) => a.type === 'telegram') as LinkedAccount | undefined) ?? null

/** Sends a Telegram payload to authenticate (or link, for a signed-in user with intent 'link') and finishes the flow. */
export async function submitTelegram(foyer: Foyer, payload: TelegramPayload, intent: Intent = 'login'): Promise<AuthResult> {
  const body = 'result' in payload ? { telegram_auth_result: payload.result } : { telegram_web_app_data: payload.webAppData }
  if (intent === 'link' && foyer.$session.peek().status === 'authenticated') {
    const user = await telegramCalls.link(foyer, body)
    return foyer.completeAuth({ user }, { loginMethod: 'telegram', account: accountOf(user), intent: 'link' })
  }
  const mode = foyer.$modal.peek().options.disableSignup ? 'no-signup' : 'login-or-sign-up'
  const response = await telegramCalls.authenticate(foyer, { ...body, captcha_token: null, mode })
  return foyer.completeAuth(response, { loginMethod: 'telegram', account: accountOf(response.user), intent: 'login' })
}

/** Mini App init data of the Telegram web app the page runs in, or null. */
export function telegramWebAppData(): TelegramWebAppData | null {
  const initData = (globalThis as { Telegram?: { WebApp?: { initData?: string } } }).Telegram?.WebApp?.initData
  if (!initData) return null
  return Object.fromEntries(new URLSearchParams(initData)) as TelegramWebAppData
}

/** What a Telegram failure shows (spec §8): an inline text with or without retry, or a failure screen. */
export function telegramErrorFor(error: unknown): { text: string; retry: boolean } | { screen: true } {
  const code = error instanceof BaseError ? error.code : ''
  switch (code) {
    case 'LINKED_TO_ANOTHER_USER':
      return { text: telegramTexts.linkedToAnother, retry: false }
    case 'DISALLOWED_LOGIN_METHOD':
      return { text: telegramTexts.notAllowed, retry: false }
    case 'INVALID_DATA':
    case 'INVALID_CREDENTIALS':
    case 'CANNOT_LINK_MORE_OF_TYPE':
    case 'CAPTCHA_FAILURE':
    case 'INVALID_CAPTCHA':
    case 'VALIDATION_ERROR':
      return { text: telegramTexts.retry, retry: true }
    case 'TOO_MANY_REQUESTS': {
      const message = error instanceof ApiError ? error.shortMessage : ''
      return { text: /rate.?limit/i.test(message) ? telegramTexts.rateLimited : telegramTexts.tooMany, retry: false }
    }
    case telegramErrorCodes.canceled:
      return { text: telegramTexts.canceled, retry: true }
    case telegramErrorCodes.notInitialized:
      return { text: telegramTexts.notInitialized, retry: true }
  }
  // The kernel's policy; DISALLOWED_LOGIN_METHOD never gets here: §8 Telegram words it ('Login with Telegram not allowed').
  if (hasFailureScreen(error)) return { screen: true }
  return { text: telegramTexts.failed, retry: true }
}

/** A flow error with one of the Telegram client's own codes. */
export const telegramError = (code: keyof typeof telegramErrorCodes) => new FlowError(telegramTexts[code], telegramErrorCodes[code])
