import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const passkeyApi = api.passkeyApi
export const passkeyPaths = api.passkeyPaths
export const passkeyTexts = schema.passkeyTexts
export const PASSKEYS_SHOWN_BY_DEFAULT = schema.PASSKEYS_SHOWN_BY_DEFAULT
export const MAX_PASSKEYS_PER_USER = schema.MAX_PASSKEYS_PER_USER
export const CredentialIdSchema = schema.CredentialIdSchema
export const ChallengeSchema = schema.ChallengeSchema
export const RelyingPartySchema = schema.RelyingPartySchema
export const CredentialDescriptorSchema = schema.CredentialDescriptorSchema
export const AuthenticationOptionsSchema = schema.AuthenticationOptionsSchema
export const RegistrationOptionsSchema = schema.RegistrationOptionsSchema
export const AuthenticationResponseSchema = schema.AuthenticationResponseSchema
export const RegistrationResponseSchema = schema.RegistrationResponseSchema
export const InitInputSchema = schema.InitInputSchema
export const AuthenticateInitOutputSchema = schema.AuthenticateInitOutputSchema
export const RegistrationInitOutputSchema = schema.RegistrationInitOutputSchema
export const AuthenticateInputSchema = schema.AuthenticateInputSchema
export const LinkInitInputSchema = schema.LinkInitInputSchema
export const RegistrationInputSchema = schema.RegistrationInputSchema
export const UnlinkInputSchema = schema.UnlinkInputSchema
export const passkeyErrorCodes = schema.passkeyErrorCodes
