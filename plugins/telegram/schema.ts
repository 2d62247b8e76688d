import * as v from 'valibot'
import { ModeSchema, TransferNonceSchema } from '../../core/protocol/index.js'
export { telegramTexts } from './telegramTexts.js'

/** Where the Telegram Login Widget script comes from unless the app or the host says otherwise. */
export const DEFAULT_TELEGRAM_WIDGET_URL = 'https://telegram.org/js/telegram-widget.js?22'

/** Seconds an auth_date stays acceptable. */
export const TELEGRAM_MAX_AGE_SECONDS = 300

/** The fields of a Login Widget result (spec §3: login-url auth result). */
export const telegramWidgetFields = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'] as const

const Text = v.pipe(v.string(), v.maxLength(1024, 'value is too long'))
// Ids and dates travel as decimal strings (URL parameters); the widget's callback numbers are converted first.
const Digits = (name: string) => v.pipe(v.string(`${name} must be a number`), v.regex(/^\d{1,20}$/, `${name} must be a number`))
const Hash = v.pipe(v.string('hash is required'), v.regex(/^[0-9a-f]{64}$/, 'hash must be 64 hex characters'))

/** A Login Widget result as the widget returns it (ids as numbers or decimal strings). */
export const TelegramAuthResultSchema = v.object({
  id: Digits('id'),
  first_name: v.optional(Text),
  last_name: v.optional(Text),
  username: v.optional(Text),
  photo_url: v.optional(Text),
  auth_date: Digits('auth_date'),
  hash: Hash,
})
export type TelegramAuthResult = v.InferInput<typeof TelegramAuthResultSchema>

/**
 * Mini App init data as key → raw value (`Object.fromEntries(new URLSearchParams(initData))`): values stay
 * the exact strings Telegram signed (user is a JSON string).
 */
export const TelegramWebAppDataSchema = v.pipe(
  v.looseObject({ hash: Hash, auth_date: Digits('auth_date'), user: v.pipe(v.string('user is required'), v.maxLength(4096)) }),
  v.check(
    (d) => Object.keys(d).length <= 24 && Object.entries(d).every(([k, value]) => /^[a-z_]{1,32}$/.test(k) && typeof value === 'string' && value.length <= 4096),
    'telegram_web_app_data must be at most 24 short text fields',
  ),
)
export type TelegramWebAppData = v.InferInput<typeof TelegramWebAppDataSchema>

/** What came back from Telegram: a widget result or Mini App init data. */
export type TelegramPayload = { result: TelegramAuthResult } | { webAppData: TelegramWebAppData }

const oneOf = (d: object) =>
  ((d as { telegram_auth_result?: unknown }).telegram_auth_result != null) !== ((d as { telegram_web_app_data?: unknown }).telegram_web_app_data != null)
const oneOfText = 'exactly one of telegram_auth_result and telegram_web_app_data is required'

/** POST /api/v1/telegram/authenticate */
export const TelegramAuthenticateInputSchema = v.pipe(
  v.object({
    captcha_token: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096)))),
    telegram_auth_result: v.optional(v.nullable(TelegramAuthResultSchema)),
    telegram_web_app_data: v.optional(v.nullable(TelegramWebAppDataSchema)),
    mode: ModeSchema,
  }),
  v.check((d) => oneOf(d), oneOfText),
)
/** POST /api/v1/telegram/link */
export const TelegramLinkInputSchema = v.pipe(
  v.object({
    telegram_auth_result: v.optional(v.nullable(TelegramAuthResultSchema)),
    telegram_web_app_data: v.optional(v.nullable(TelegramWebAppDataSchema)),
  }),
  v.check((d) => oneOf(d), oneOfText),
)
/** POST /api/v1/telegram/transfer: the nonce of the link's 400 account_transfer_required (it, not the hash, proves the account now). */
export const TelegramTransferInputSchema = v.object({ telegram_auth_result: TelegramAuthResultSchema, nonce: TransferNonceSchema })
/** POST /api/v1/telegram/unlink */
export const TelegramUnlinkInputSchema = v.object({ telegram_user_id: v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'telegram_user_id must be a number')) })

/** The plugin's section of an app entry: `"telegram": { bot_token, bot_name, ... }` (bot_token stays server-side). */
export const TelegramAppConfigSchema = v.strictObject({
  bot_token: v.pipe(v.string(), v.regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'bot_token must look like 123456:ABC...')),
  bot_name: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{3,64}$/, 'bot_name must be the bot username')),
  seamless_auth_enabled: v.optional(v.boolean()),
  link_enabled: v.optional(v.boolean()),
  /** Where clients load the Login Widget script from (default Telegram's). */
  widget_script_url: v.optional(v.pipe(v.string(), v.url())),
})
export type TelegramAppConfig = v.InferOutput<typeof TelegramAppConfigSchema>

export { ModeSchema }
