import { apiClient } from '../../core/client/apiClient.js'
import { farcasterSignerApi } from './api.js'

/** The Farcaster signer plugin's typed calls. */
export const farcasterSignerCalls = apiClient('farcaster-signer', farcasterSignerApi)
