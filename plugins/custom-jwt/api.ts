import { TokenResponseSchema } from '../../core/protocol/index.js'
import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { CustomJwtAuthenticateInputSchema } from './schema.js'

/** The custom-JWT plugin's calls. */
export const customJwtApi = defineApi('/api/v1/custom_jwt_account', {
  authenticate: { input: CustomJwtAuthenticateInputSchema, output: TokenResponseSchema },
})

/** API paths of the custom-JWT plugin (the spec's). */
export const customJwtPaths = apiPaths(customJwtApi)
