import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const telegramApi = api.telegramApi
export const telegramPaths = api.telegramPaths
export const DEFAULT_TELEGRAM_WIDGET_URL = schema.DEFAULT_TELEGRAM_WIDGET_URL
export const TELEGRAM_MAX_AGE_SECONDS = schema.TELEGRAM_MAX_AGE_SECONDS
export const telegramWidgetFields = schema.telegramWidgetFields
export const TelegramAuthResultSchema = schema.TelegramAuthResultSchema
export const TelegramWebAppDataSchema = schema.TelegramWebAppDataSchema
export const TelegramAuthenticateInputSchema = schema.TelegramAuthenticateInputSchema
export const TelegramLinkInputSchema = schema.TelegramLinkInputSchema
export const TelegramTransferInputSchema = schema.TelegramTransferInputSchema
export const TelegramUnlinkInputSchema = schema.TelegramUnlinkInputSchema
export const TelegramAppConfigSchema = schema.TelegramAppConfigSchema
export const telegramTexts = schema.telegramTexts
export const ModeSchema = schema.ModeSchema
