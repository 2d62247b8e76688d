import { apiClient } from '../../core/client/apiClient.js'
import type { oauthApi } from './api.js'

/** The OAuth plugin's calls, typed from its schemas. */
export const oauthCalls = apiClient<typeof oauthApi>('oauth')
