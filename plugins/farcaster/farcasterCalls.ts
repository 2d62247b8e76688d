import { apiClient } from '../../core/client/apiClient.js'
import type { farcasterApi } from './api.js'

/** The Farcaster plugin's calls, typed from its schemas. */
export const farcasterCalls = apiClient<typeof farcasterApi>('farcaster')
