import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import type { ApiCallDef } from '../../core/client/plugin.js'
import {
  AuthenticateInputSchema,
  InitInputSchema,
  InitOutputSchema,
  LinkInputSchema,
  TransferInputSchema,
  UnlinkInputSchema,
  UpdateInputSchema,
} from './schema.js'

/** API paths of the e-mail plugin (the spec's). */
export const emailPaths = {
  init: '/api/v1/passwordless/init',
  authenticate: '/api/v1/passwordless/authenticate',
  link: '/api/v1/passwordless/link',
  update: '/api/v1/passwordless/update',
  unlink: '/api/v1/passwordless/unlink',
  transfer: '/api/v1/passwordless/transfer',
} as const

/** The e-mail plugin's calls, shared by its screens and its headless hook. */
export const emailApi = {
  init: { path: emailPaths.init, input: InitInputSchema, output: InitOutputSchema, captcha: 'token' },
  authenticate: { path: emailPaths.authenticate, input: AuthenticateInputSchema, output: TokenResponseSchema },
  link: { path: emailPaths.link, input: LinkInputSchema, output: UserSchema },
  update: { path: emailPaths.update, input: UpdateInputSchema, output: UserSchema },
  unlink: { path: emailPaths.unlink, input: UnlinkInputSchema, output: UserSchema },
  transfer: { path: emailPaths.transfer, input: TransferInputSchema, output: UserSchema },
} satisfies Record<string, ApiCallDef>
