import { apiClient } from '../../core/client/apiClient.js'
import { oauthApi } from './api.js'

/** The OAuth plugin's calls, typed from its schemas. */
export const oauthCalls = apiClient('oauth', oauthApi)
