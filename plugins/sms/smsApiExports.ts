import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const smsApi = api.smsApi
export const smsPaths = api.smsPaths
export const CodeSchema = schema.CodeSchema
export const smsTexts = schema.smsTexts
export const PHONE_INPUT_MAX_LENGTH = schema.PHONE_INPUT_MAX_LENGTH
export const PhoneNumberSchema = schema.PhoneNumberSchema
export const SmsInitInputSchema = schema.SmsInitInputSchema
export const SmsAuthenticateInputSchema = schema.SmsAuthenticateInputSchema
export const SmsLinkInputSchema = schema.SmsLinkInputSchema
export const SmsUpdateInputSchema = schema.SmsUpdateInputSchema
export const SmsUnlinkInputSchema = schema.SmsUnlinkInputSchema
export const SmsTransferInputSchema = schema.SmsTransferInputSchema
export const SmsInitOutputSchema = schema.SmsInitOutputSchema
export const smsErrorCodes = schema.smsErrorCodes
