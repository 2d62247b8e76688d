import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const farcasterSignerApi = api.farcasterSignerApi
export const farcasterSignerPaths = api.farcasterSignerPaths
export const FARCASTER_SIGNER_POLL_MS = schema.FARCASTER_SIGNER_POLL_MS
export const FARCASTER_SIGNER_TIMEOUT_MS = schema.FARCASTER_SIGNER_TIMEOUT_MS
export const Ed25519PublicKeySchema = schema.Ed25519PublicKeySchema
export const SignerKeyInputSchema = schema.SignerKeyInputSchema
export const SignerStatusSchema = schema.SignerStatusSchema
export const SignerOutputSchema = schema.SignerOutputSchema
export const farcasterSignerErrorCodes = schema.farcasterSignerErrorCodes
export const farcasterSignerMessages = schema.farcasterSignerMessages
