import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const customJwtApi = api.customJwtApi
export const customJwtPaths = api.customJwtPaths
export const customJwtTexts = schema.customJwtTexts
export const customJwtAlgorithms = schema.customJwtAlgorithms
export const CustomJwtSchema = schema.CustomJwtSchema
export const CustomJwtAuthenticateInputSchema = schema.CustomJwtAuthenticateInputSchema
export const CustomJwtAppConfigSchema = schema.CustomJwtAppConfigSchema
export const customJwtErrorCodes = schema.customJwtErrorCodes
