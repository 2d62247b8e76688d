import { apiClient } from '../../core/client/apiClient.js'
import type { siweApi } from './api.js'

/** The SIWE plugin's calls, typed from its schemas. */
export const siweCalls = apiClient<typeof siweApi>('siwe')
