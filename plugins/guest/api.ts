import { TokenResponseSchema } from '../../core/protocol/index.js'
import type { ApiCallDef } from '../../core/client/plugin.js'
import { GuestAuthenticateInputSchema } from './schema.js'

/** API paths of the guest plugin (the spec's). */
export const guestPaths = {
  authenticate: '/api/v1/guest/authenticate',
} as const

/** The guest plugin's calls. */
export const guestApi = {
  authenticate: { path: guestPaths.authenticate, input: GuestAuthenticateInputSchema, output: TokenResponseSchema, captcha: 'captcha_token' },
} satisfies Record<string, ApiCallDef>
