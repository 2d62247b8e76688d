import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import {
  SmsAuthenticateInputSchema,
  SmsInitInputSchema,
  SmsInitOutputSchema,
  SmsLinkInputSchema,
  SmsTransferInputSchema,
  SmsUnlinkInputSchema,
  SmsUpdateInputSchema,
} from './schema.js'

/** The SMS plugin's calls, shared by its screens and its headless hook. */
export const smsApi = defineApi('/api/v1/passwordless_sms', {
  init: { input: SmsInitInputSchema, output: SmsInitOutputSchema, captcha: 'token' },
  authenticate: { input: SmsAuthenticateInputSchema, output: TokenResponseSchema },
  link: { input: SmsLinkInputSchema, output: UserSchema },
  update: { input: SmsUpdateInputSchema, output: UserSchema },
  unlink: { input: SmsUnlinkInputSchema, output: UserSchema },
  transfer: { input: SmsTransferInputSchema, output: UserSchema },
})

/** API paths of the SMS plugin (the spec's). */
export const smsPaths = apiPaths(smsApi)
