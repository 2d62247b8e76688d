import { apiClient } from '../../core/client/apiClient.js'
import type { termsApi } from './api.js'

/** The terms plugin's calls, typed from its schemas. */
export const termsCalls = apiClient<typeof termsApi>('terms')
