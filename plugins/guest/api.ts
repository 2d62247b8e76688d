import { TokenResponseSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { GuestAuthenticateInputSchema } from './schema.js'

/** The guest plugin's calls. */
export const guestApi = defineApi('/api/v1/guest', {
  authenticate: { input: GuestAuthenticateInputSchema, output: TokenResponseSchema, captcha: 'captcha_token' },
})

/** API paths of the guest plugin (the spec's). */
export const guestPaths = apiPaths(guestApi)
