import { apiClient } from '../../core/client/apiClient.js'
import type { guestApi } from './api.js'

/** The guest plugin's calls, typed from its schemas. */
export const guestCalls = apiClient<typeof guestApi>('guest')
