import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const oauthApi = api.oauthApi
export const oauthPaths = api.oauthPaths
export const OAUTH_RANDOM_BYTES = schema.OAUTH_RANDOM_BYTES
export const ProviderSchema = schema.ProviderSchema
export const StateCodeSchema = schema.StateCodeSchema
export const CodeVerifierSchema = schema.CodeVerifierSchema
export const CodeChallengeSchema = schema.CodeChallengeSchema
export const AuthorizationCodeSchema = schema.AuthorizationCodeSchema
export const InitInputSchema = schema.InitInputSchema
export const InitOutputSchema = schema.InitOutputSchema
export const AuthenticateInputSchema = schema.AuthenticateInputSchema
export const LinkInputSchema = schema.LinkInputSchema
export const LinkOutputSchema = schema.LinkOutputSchema
export const UnlinkInputSchema = schema.UnlinkInputSchema
export const OAuthUserInfoSchema = schema.OAuthUserInfoSchema
export const TransferInputSchema = schema.TransferInputSchema
export const TokenResponseSchema = schema.TokenResponseSchema
export const ProviderConfigSchema = schema.ProviderConfigSchema
export const OAuthAppConfigSchema = schema.OAuthAppConfigSchema
export const oauthErrorCodes = schema.oauthErrorCodes
