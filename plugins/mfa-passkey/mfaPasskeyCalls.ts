import { apiClient } from '../../core/client/apiClient.js'
import type { mfaPasskeyApi } from './api.js'

/** The passkey MFA plugin's typed calls. */
export const mfaPasskeyCalls = apiClient<typeof mfaPasskeyApi>('mfa-passkey')
