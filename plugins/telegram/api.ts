import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { TelegramAuthenticateInputSchema, TelegramLinkInputSchema, TelegramTransferInputSchema, TelegramUnlinkInputSchema } from './schema.js'

/** The Telegram plugin's calls. */
export const telegramApi = defineApi('/api/v1/telegram', {
  authenticate: { input: TelegramAuthenticateInputSchema, output: TokenResponseSchema, captcha: 'captcha_token' },
  link: { input: TelegramLinkInputSchema, output: UserSchema },
  unlink: { input: TelegramUnlinkInputSchema, output: UserSchema },
  transfer: { input: TelegramTransferInputSchema, output: UserSchema },
})

/** API paths of the Telegram plugin (the spec's). */
export const telegramPaths = apiPaths(telegramApi)
