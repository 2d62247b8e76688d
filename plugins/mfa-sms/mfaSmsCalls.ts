import { apiClient } from '../../core/client/apiClient.js'
import type { mfaSmsApi } from './api.js'

/** The SMS MFA plugin's typed calls. */
export const mfaSmsCalls = apiClient<typeof mfaSmsApi>('mfa-sms')
