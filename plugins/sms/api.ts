import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import type { ApiCallDef } from '../../core/client/plugin.js'
import {
  SmsAuthenticateInputSchema,
  SmsInitInputSchema,
  SmsInitOutputSchema,
  SmsLinkInputSchema,
  SmsTransferInputSchema,
  SmsUnlinkInputSchema,
  SmsUpdateInputSchema,
} from './schema.js'

/** API paths of the SMS plugin (the spec's). */
export const smsPaths = {
  init: '/api/v1/passwordless_sms/init',
  authenticate: '/api/v1/passwordless_sms/authenticate',
  link: '/api/v1/passwordless_sms/link',
  update: '/api/v1/passwordless_sms/update',
  unlink: '/api/v1/passwordless_sms/unlink',
  transfer: '/api/v1/passwordless_sms/transfer',
} as const

/** The SMS plugin's calls, shared by its screens and its headless hook. */
export const smsApi = {
  init: { path: smsPaths.init, input: SmsInitInputSchema, output: SmsInitOutputSchema, captcha: 'token' },
  authenticate: { path: smsPaths.authenticate, input: SmsAuthenticateInputSchema, output: TokenResponseSchema },
  link: { path: smsPaths.link, input: SmsLinkInputSchema, output: UserSchema },
  update: { path: smsPaths.update, input: SmsUpdateInputSchema, output: UserSchema },
  unlink: { path: smsPaths.unlink, input: SmsUnlinkInputSchema, output: UserSchema },
  transfer: { path: smsPaths.transfer, input: SmsTransferInputSchema, output: UserSchema },
} satisfies Record<string, ApiCallDef>
