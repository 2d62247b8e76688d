import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const mfaPasskeyApi = api.mfaPasskeyApi
export const mfaPasskeyPaths = api.mfaPasskeyPaths
export const MfaPasskeyResponseSchema = schema.MfaPasskeyResponseSchema
export const MfaPasskeyOptionsSchema = schema.MfaPasskeyOptionsSchema
export const MfaPasskeyInitInputSchema = schema.MfaPasskeyInitInputSchema
export const MfaPasskeyInitOutputSchema = schema.MfaPasskeyInitOutputSchema
export const MfaPasskeyEnrollInputSchema = schema.MfaPasskeyEnrollInputSchema
export const mfaPasskeyErrorCodes = schema.mfaPasskeyErrorCodes
export const mfaPasskeyServerTexts = schema.mfaPasskeyServerTexts
