import { apiClient } from '../../core/client/apiClient.js'
import type { siwsApi } from './api.js'

/** The SIWS plugin's calls, typed from its schemas. */
export const siwsCalls = apiClient<typeof siwsApi>('siws')
