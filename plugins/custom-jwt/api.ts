import { TokenResponseSchema } from '../../core/protocol/index.js'
import type { ApiCallDef } from '../../core/client/plugin.js'
import { CustomJwtAuthenticateInputSchema } from './schema.js'

/** API paths of the custom-JWT plugin (the spec's). */
export const customJwtPaths = {
  authenticate: '/api/v1/custom_jwt_account/authenticate',
} as const

/** The custom-JWT plugin's calls. */
export const customJwtApi = {
  authenticate: { path: customJwtPaths.authenticate, input: CustomJwtAuthenticateInputSchema, output: TokenResponseSchema },
} satisfies Record<string, ApiCallDef>
