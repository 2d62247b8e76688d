import { apiClient } from '../../core/client/apiClient.js'
import { crossAppApi } from './api.js'

/** The plugin's typed calls. */
export const crossAppCalls = apiClient('cross-app', crossAppApi)
