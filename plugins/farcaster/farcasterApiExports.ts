import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const farcasterApi = api.farcasterApi
export const farcasterPaths = api.farcasterPaths
export const farcasterRelayPaths = api.farcasterRelayPaths
export const FARCASTER_POLL_INTERVAL_MS = schema.FARCASTER_POLL_INTERVAL_MS
export const FARCASTER_TIMEOUT_MS = schema.FARCASTER_TIMEOUT_MS
export const CHANNEL_TOKEN_HEADER = schema.CHANNEL_TOKEN_HEADER
export const SIWF_STATEMENT = schema.SIWF_STATEMENT
export const SIWF_CHAIN_ID = schema.SIWF_CHAIN_ID
export const ID_REGISTRY_ADDRESS = schema.ID_REGISTRY_ADDRESS
export const farcasterTexts = schema.farcasterTexts
export const FidSchema = schema.FidSchema
export const ChannelTokenSchema = schema.ChannelTokenSchema
export const InitInputSchema = schema.InitInputSchema
export const InitOutputSchema = schema.InitOutputSchema
export const AuthenticateInputSchema = schema.AuthenticateInputSchema
export const LinkInputSchema = schema.LinkInputSchema
export const UnlinkInputSchema = schema.UnlinkInputSchema
export const TransferInputSchema = schema.TransferInputSchema
export const StatusOutputSchema = schema.StatusOutputSchema
export const RelayAuthenticateInputSchema = schema.RelayAuthenticateInputSchema
export const FarcasterAppConfigSchema = schema.FarcasterAppConfigSchema
export const farcasterErrorCodes = schema.farcasterErrorCodes
