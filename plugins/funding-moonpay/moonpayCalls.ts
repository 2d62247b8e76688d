import { apiClient } from '../../core/client/apiClient.js'
import type { moonpayApi } from './api.js'

/** The Moonpay plugin's typed calls. */
export const moonpayCalls = apiClient<typeof moonpayApi>('funding-moonpay')
