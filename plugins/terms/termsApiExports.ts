import * as api from './api.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export const termsApi = api.termsApi
export const termsPaths = api.termsPaths
export const AcceptTermsInputSchema = api.AcceptTermsInputSchema
