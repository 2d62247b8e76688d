import { apiClient } from '../../core/client/apiClient.js'
import { totpApi } from './api.js'

/** The TOTP plugin's typed calls. */
export const totpCalls = apiClient('mfa-totp', totpApi)
