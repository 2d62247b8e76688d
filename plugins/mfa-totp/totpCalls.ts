import { apiClient } from '../../core/client/apiClient.js'
import type { totpApi } from './api.js'

/** The TOTP plugin's typed calls. */
export const totpCalls = apiClient<typeof totpApi>('mfa-totp')
