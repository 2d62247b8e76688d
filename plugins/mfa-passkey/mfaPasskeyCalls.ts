import { apiClient } from '../../core/client/apiClient.js'
import { mfaPasskeyApi } from './api.js'

/** The passkey MFA plugin's typed calls. */
export const mfaPasskeyCalls = apiClient('mfa-passkey', mfaPasskeyApi)
