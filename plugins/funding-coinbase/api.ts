import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { CoinbaseOnrampInitInputSchema, CoinbaseOnrampSessionSchema, CoinbaseOnrampStatusSchema } from './schema.js'

/** Coinbase Onramp's calls (spec §7): a session for the pay page, then the purchase's status. */
export const fundingCoinbaseApi = defineApi('/api/v1/funding/coinbase_on_ramp', {
  init: { input: CoinbaseOnrampInitInputSchema, output: CoinbaseOnrampSessionSchema, retry: false },
  // GET with ?partnerUserId= (CallOptions.query); polled, so never retried by the kernel.
  status: { method: 'GET', output: CoinbaseOnrampStatusSchema, retry: false },
})

/** API paths of the Coinbase Onramp plugin. */
export const fundingCoinbasePaths = apiPaths(fundingCoinbaseApi)
