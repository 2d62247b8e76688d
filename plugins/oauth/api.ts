import type { ApiCallDef } from '../../core/client/plugin.js'
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

/** API paths of the OAuth plugin (the spec's, plus the server's own provider callback). */
export const oauthPaths = {
  init: '/api/v1/oauth/init',
  authenticate: '/api/v1/oauth/authenticate',
  link: '/api/v1/oauth/link',
  unlink: '/api/v1/oauth/unlink',
  /** Where providers send the browser back; register `<server>/api/v1/oauth/callback` at each provider. */
  callback: '/api/v1/oauth/callback',
  transfer: '/api/v1/oauth/transfer',
} as const

/** The OAuth plugin's calls, shared by its screens and its headless hook. */
export const oauthApi = {
  init: { path: oauthPaths.init, input: InitInputSchema, output: InitOutputSchema, captcha: 'token' },
  authenticate: { path: oauthPaths.authenticate, input: AuthenticateInputSchema, output: TokenResponseSchema },
  link: { path: oauthPaths.link, input: LinkInputSchema, output: LinkOutputSchema },
  unlink: { path: oauthPaths.unlink, input: UnlinkInputSchema, output: UserSchema },
  transfer: { path: oauthPaths.transfer, input: TransferInputSchema, output: UserSchema },
} satisfies Record<string, ApiCallDef>
