import { apiClient } from '../../core/client/apiClient.js'
import { moonpayApi } from './api.js'

/** The Moonpay plugin's typed calls. */
export const moonpayCalls = apiClient('funding-moonpay', moonpayApi)
