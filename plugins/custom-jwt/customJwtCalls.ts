import { apiClient } from '../../core/client/apiClient.js'
import type { customJwtApi } from './api.js'

/** The custom-JWT plugin's calls, typed from its schemas. */
export const customJwtCalls = apiClient<typeof customJwtApi>('custom-jwt')
