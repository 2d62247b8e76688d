import { apiClient } from '../../core/client/apiClient.js'
import type { crossAppApi } from './api.js'

/** The plugin's typed calls. */
export const crossAppCalls = apiClient<typeof crossAppApi>('cross-app')
