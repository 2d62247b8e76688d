import { apiClient } from '../../core/client/apiClient.js'
import type { fundingCoinbaseApi } from './api.js'

/** The Coinbase Onramp plugin's typed calls. */
export const fundingCoinbaseCalls = apiClient<typeof fundingCoinbaseApi>('funding-coinbase')
