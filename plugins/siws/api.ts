import { TokenResponseSchema, UserSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { AuthenticateInputSchema, InitInputSchema, InitOutputSchema, LinkInputSchema, UnlinkInputSchema } from './schema.js'

/** The SIWS calls, shared by the sign screen and the headless hook. */
export const siwsApi = defineApi('/api/v1/siws', {
  init: { input: InitInputSchema, output: InitOutputSchema, captcha: 'token' },
  authenticate: { input: AuthenticateInputSchema, output: TokenResponseSchema },
  link: { input: LinkInputSchema, output: UserSchema },
  unlink: { input: UnlinkInputSchema, output: UserSchema },
})

/** API paths of Sign In With Solana (the spec's). */
export const siwsPaths = apiPaths(siwsApi)
