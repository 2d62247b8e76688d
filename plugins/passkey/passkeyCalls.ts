import { apiClient } from '../../core/client/apiClient.js'
import type { passkeyApi } from './api.js'

/** The passkey plugin's calls, typed from its schemas. */
export const passkeyCalls = apiClient<typeof passkeyApi>('passkey')
