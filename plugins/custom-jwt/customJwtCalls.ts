import { apiClient } from '../../core/client/apiClient.js'
import { customJwtApi } from './api.js'

/** The custom-JWT plugin's calls, typed from its schemas. */
export const customJwtCalls = apiClient('custom-jwt', customJwtApi)
