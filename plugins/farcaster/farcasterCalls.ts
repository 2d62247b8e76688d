import { apiClient } from '../../core/client/apiClient.js'
import { farcasterApi } from './api.js'

/** The Farcaster plugin's calls, typed from its schemas. */
export const farcasterCalls = apiClient('farcaster', farcasterApi)
