import { apiClient } from '../../core/client/apiClient.js'
import { mfaSmsApi } from './api.js'

/** The SMS MFA plugin's typed calls. */
export const mfaSmsCalls = apiClient('mfa-sms', mfaSmsApi)
