import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import type { ApiCallDef } from '../../core/client/plugin.js'
import { AuthenticateInputSchema, InitInputSchema, InitOutputSchema, LinkInputSchema, UnlinkInputSchema } from './schema.js'

/** API paths of Sign In With Solana (the spec's). */
export const siwsPaths = {
  init: '/api/v1/siws/init',
  authenticate: '/api/v1/siws/authenticate',
  link: '/api/v1/siws/link',
  unlink: '/api/v1/siws/unlink',
} as const

/** The SIWS calls, shared by the sign screen and the headless hook. */
export const siwsApi = {
  init: { path: siwsPaths.init, input: InitInputSchema, output: InitOutputSchema, captcha: 'token' },
  authenticate: { path: siwsPaths.authenticate, input: AuthenticateInputSchema, output: TokenResponseSchema },
  link: { path: siwsPaths.link, input: LinkInputSchema, output: UserSchema },
  unlink: { path: siwsPaths.unlink, input: UnlinkInputSchema, output: UserSchema },
} satisfies Record<string, ApiCallDef>
