import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const totpApi = api.totpApi
export const totpPaths = api.totpPaths
export const TotpEnrollmentInfoSchema = schema.TotpEnrollmentInfoSchema
export const TotpEnrollInitInputSchema = schema.TotpEnrollInitInputSchema
export const TotpEnrollInputSchema = schema.TotpEnrollInputSchema
export const TotpUnenrollInputSchema = schema.TotpUnenrollInputSchema
export const totpErrorCodes = schema.totpErrorCodes
export const totpServerTexts = schema.totpServerTexts
