import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const siwsApi = api.siwsApi
export const siwsPaths = api.siwsPaths
export const NONCE_TTL_SECONDS = schema.NONCE_TTL_SECONDS
export const MAX_MESSAGE_AGE_SECONDS = schema.MAX_MESSAGE_AGE_SECONDS
export const MAX_CLOCK_SKEW_SECONDS = schema.MAX_CLOCK_SKEW_SECONDS
export const SIWS_CHAIN_ID = schema.SIWS_CHAIN_ID
export const DEFAULT_MAX_WALLETS_PER_USER = schema.DEFAULT_MAX_WALLETS_PER_USER
export const SIWS_STATEMENT = schema.SIWS_STATEMENT
export const siwsTexts = schema.siwsTexts
export const AddressSchema = schema.AddressSchema
export const MessageSchema = schema.MessageSchema
export const SignatureSchema = schema.SignatureSchema
export const InitInputSchema = schema.InitInputSchema
export const InitOutputSchema = schema.InitOutputSchema
export const AuthenticateInputSchema = schema.AuthenticateInputSchema
export const LinkInputSchema = schema.LinkInputSchema
export const UnlinkInputSchema = schema.UnlinkInputSchema
export const SiwsAppConfigSchema = schema.SiwsAppConfigSchema
