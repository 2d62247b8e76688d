import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const emailApi = api.emailApi
export const emailPaths = api.emailPaths
export const emailSchema = schema.emailSchema
export const CODE_LENGTH = schema.CODE_LENGTH
export const CodeSchema = schema.CodeSchema
export const emailTexts = schema.emailTexts
export const InitInputSchema = schema.InitInputSchema
export const AuthenticateInputSchema = schema.AuthenticateInputSchema
export const LinkInputSchema = schema.LinkInputSchema
export const UpdateInputSchema = schema.UpdateInputSchema
export const UnlinkInputSchema = schema.UnlinkInputSchema
export const TransferInputSchema = schema.TransferInputSchema
export const InitOutputSchema = schema.InitOutputSchema
