import { apiClient } from '../../core/client/apiClient.js'
import type { mfaApi } from './api.js'

/** The MFA hub's typed calls. */
export const mfaCalls = apiClient<typeof mfaApi>('mfa')

/** Screen ids of the hub. */
export const MFA_VERIFY_SCREEN = 'mfa/verify'
export const MFA_ENROLL_SCREEN = 'mfa/enroll'
export const MFA_REMOVE_SCREEN = 'mfa/remove'
