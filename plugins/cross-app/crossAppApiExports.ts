import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const crossAppApi = api.crossAppApi
export const crossAppPaths = api.crossAppPaths
export const CROSS_APP_TIMEOUT_MS = schema.CROSS_APP_TIMEOUT_MS
export const CROSS_APP_POPUP_POLL_MS = schema.CROSS_APP_POPUP_POLL_MS
export const CROSS_APP_POPUP = schema.CROSS_APP_POPUP
export const CROSS_APP_RANDOM_BYTES = schema.CROSS_APP_RANDOM_BYTES
export const crossAppMessages = schema.crossAppMessages
export const crossAppPages = schema.crossAppPages
export const CrossAppSectionSchema = schema.CrossAppSectionSchema
export const CrossAppConnectionSchema = schema.CrossAppConnectionSchema
export const ConnectionsOutputSchema = schema.ConnectionsOutputSchema
export const AuthorizeInputSchema = schema.AuthorizeInputSchema
export const AuthorizeOutputSchema = schema.AuthorizeOutputSchema
export const FlowInputSchema = schema.FlowInputSchema
export const FlowOutputSchema = schema.FlowOutputSchema
export const ConsentOutputSchema = schema.ConsentOutputSchema
export const RedeemInputSchema = schema.RedeemInputSchema
export const ProviderTokenSchema = schema.ProviderTokenSchema
export const AuthenticateOutputSchema = schema.AuthenticateOutputSchema
export const LinkOutputSchema = schema.LinkOutputSchema
export const UnlinkInputSchema = schema.UnlinkInputSchema
export const VerifyTokenInputSchema = schema.VerifyTokenInputSchema
export const VerifyTokenOutputSchema = schema.VerifyTokenOutputSchema
export const crossAppErrorCodes = schema.crossAppErrorCodes
export const crossAppServerTexts = schema.crossAppServerTexts
