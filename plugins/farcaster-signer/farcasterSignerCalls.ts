import { apiClient } from '../../core/client/apiClient.js'
import type { farcasterSignerApi } from './api.js'

/** The Farcaster signer plugin's typed calls. */
export const farcasterSignerCalls = apiClient<typeof farcasterSignerApi>('farcaster-signer')
