import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export const smartWalletsApi = api.smartWalletsApi
export const smartWalletsConfigPath = api.smartWalletsConfigPath
export const smartWalletsPaths = api.smartWalletsPaths
export const COINBASE_SMART_WALLET_CHAIN_IDS = schema.COINBASE_SMART_WALLET_CHAIN_IDS
export const SMART_WALLET_TYPES = schema.SMART_WALLET_TYPES
export const SPONSORED_PAYMASTER_DEFAULTS = schema.SPONSORED_PAYMASTER_DEFAULTS
export const smartWalletsTexts = schema.smartWalletsTexts
