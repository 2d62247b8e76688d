import { apiClient } from '../../core/client/apiClient.js'
import { fundingCoinbaseApi } from './api.js'

/** The Coinbase Onramp plugin's typed calls. */
export const fundingCoinbaseCalls = apiClient('funding-coinbase', fundingCoinbaseApi)
