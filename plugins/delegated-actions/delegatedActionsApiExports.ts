import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type { DelegatedSolanaRpcInput, DelegatedSolanaRpcResult } from './schema.js'
export const delegatedActionsApi = api.delegatedActionsApi
export const delegatedActionsPaths = api.delegatedActionsPaths
export const DELEGATED_SOLANA_RPC_PATH = api.DELEGATED_SOLANA_RPC_PATH
export const delegatedActionsErrorCodes = schema.delegatedActionsErrorCodes
export const DEFAULT_ALLOWED_PROGRAMS = schema.DEFAULT_ALLOWED_PROGRAMS
export const AUTHORIZATION_SIGNATURE_HEADER = schema.AUTHORIZATION_SIGNATURE_HEADER
export const REQUEST_EXPIRY_HEADER = schema.REQUEST_EXPIRY_HEADER
export const IDEMPOTENCY_KEY_HEADER = schema.IDEMPOTENCY_KEY_HEADER
export const MAX_REQUEST_EXPIRY_MS = schema.MAX_REQUEST_EXPIRY_MS
