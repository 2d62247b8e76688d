import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const guestApi = api.guestApi
export const guestPaths = api.guestPaths
export const createGuestCredential = schema.createGuestCredential
export const GUEST_CREDENTIAL_BYTES = schema.GUEST_CREDENTIAL_BYTES
export const guestTexts = schema.guestTexts
export const GuestCredentialSchema = schema.GuestCredentialSchema
export const GuestAuthenticateInputSchema = schema.GuestAuthenticateInputSchema
export const GuestAppConfigSchema = schema.GuestAppConfigSchema
export const guestErrorCodes = schema.guestErrorCodes
