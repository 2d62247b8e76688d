import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import {
  AuthenticateInputSchema,
  InitInputSchema,
  InitOutputSchema,
  LinkInputSchema,
  TransferInputSchema,
  UnlinkInputSchema,
  UpdateInputSchema,
} from './schema.js'

/** The e-mail plugin's calls, shared by its screens and its headless hook. */
export const emailApi = defineApi('/api/v1/passwordless', {
  init: { input: InitInputSchema, output: InitOutputSchema, captcha: 'token' },
  authenticate: { input: AuthenticateInputSchema, output: TokenResponseSchema },
  link: { input: LinkInputSchema, output: UserSchema },
  update: { input: UpdateInputSchema, output: UserSchema },
  unlink: { input: UnlinkInputSchema, output: UserSchema },
  transfer: { input: TransferInputSchema, output: UserSchema },
})

/** API paths of the e-mail plugin (the spec's). */
export const emailPaths = apiPaths(emailApi)
