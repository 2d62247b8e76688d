import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const fundingCoinbaseApi = api.fundingCoinbaseApi
export const fundingCoinbasePaths = api.fundingCoinbasePaths
export const CoinbaseOnrampInitInputSchema = schema.CoinbaseOnrampInitInputSchema
export const CoinbaseOnrampSessionSchema = schema.CoinbaseOnrampSessionSchema
export const CoinbaseOnrampStatusSchema = schema.CoinbaseOnrampStatusSchema
export const CoinbaseOnrampStatusQuerySchema = schema.CoinbaseOnrampStatusQuerySchema
export const COINBASE_ONRAMP_CHAINS = schema.COINBASE_ONRAMP_CHAINS
export const COINBASE_PAY_URL = schema.COINBASE_PAY_URL
export const FundingCoinbaseAppConfigSchema = schema.FundingCoinbaseAppConfigSchema
export const fundingCoinbaseErrorCodes = schema.fundingCoinbaseErrorCodes
export const fundingCoinbaseServerTexts = schema.fundingCoinbaseServerTexts
