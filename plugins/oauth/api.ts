import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import {
  AuthenticateInputSchema,
  InitInputSchema,
  InitOutputSchema,
  LinkInputSchema,
  LinkOutputSchema,
  TokenResponseSchema,
  TransferInputSchema,
  UnlinkInputSchema,
} from './schema.js'
import { UserSchema } from '../../core/protocol/index.js'

/** The OAuth plugin's calls, shared by its screens and its headless hook. */
export const oauthApi = defineApi('/api/v1/oauth', {
  init: { input: InitInputSchema, output: InitOutputSchema, captcha: 'token' },
  authenticate: { input: AuthenticateInputSchema, output: TokenResponseSchema },
  link: { input: LinkInputSchema, output: LinkOutputSchema },
  unlink: { input: UnlinkInputSchema, output: UserSchema },
  transfer: { input: TransferInputSchema, output: UserSchema },
})

/** API paths of the OAuth plugin (the spec's, plus the server's own provider callback). */
export const oauthPaths = {
  ...apiPaths(oauthApi),
  /** Where providers send the browser back; register `<server>/api/v1/oauth/callback` at each provider. */
  callback: '/api/v1/oauth/callback',
} as const
