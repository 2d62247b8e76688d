import { apiClient } from '../../core/client/apiClient.js'
import { siweApi } from './api.js'

/** The SIWE plugin's calls, typed from its schemas. */
export const siweCalls = apiClient('siwe', siweApi)
