import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const mfaSmsApi = api.mfaSmsApi
export const mfaSmsPaths = api.mfaSmsPaths
export const mfaSmsServerTexts = schema.mfaSmsServerTexts
export const MFA_PHONE_INPUT_MAX_LENGTH = schema.MFA_PHONE_INPUT_MAX_LENGTH
export const MfaPhoneNumberSchema = schema.MfaPhoneNumberSchema
export const MfaSmsInitInputSchema = schema.MfaSmsInitInputSchema
export const MfaSmsInitOutputSchema = schema.MfaSmsInitOutputSchema
export const MfaSmsEnrollInputSchema = schema.MfaSmsEnrollInputSchema
export const MfaSmsUnenrollInputSchema = schema.MfaSmsUnenrollInputSchema
export const mfaSmsErrorCodes = schema.mfaSmsErrorCodes
