import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import type { ApiCallDef } from '../../core/client/plugin.js'
import { TelegramAuthenticateInputSchema, TelegramLinkInputSchema, TelegramTransferInputSchema, TelegramUnlinkInputSchema } from './schema.js'

/** API paths of the Telegram plugin (the spec's). */
export const telegramPaths = {
  authenticate: '/api/v1/telegram/authenticate',
  link: '/api/v1/telegram/link',
  unlink: '/api/v1/telegram/unlink',
  transfer: '/api/v1/telegram/transfer',
} as const

/** The Telegram plugin's calls. */
export const telegramApi = {
  authenticate: { path: telegramPaths.authenticate, input: TelegramAuthenticateInputSchema, output: TokenResponseSchema, captcha: 'captcha_token' },
  link: { path: telegramPaths.link, input: TelegramLinkInputSchema, output: UserSchema },
  unlink: { path: telegramPaths.unlink, input: TelegramUnlinkInputSchema, output: UserSchema },
  transfer: { path: telegramPaths.transfer, input: TelegramTransferInputSchema, output: UserSchema },
} satisfies Record<string, ApiCallDef>
