import { apiClient } from '../../core/client/apiClient.js'
import type { delegatedActionsApi } from './api.js'

/** The delegated-actions plugin's typed calls. */
export const delegatedActionsCalls = apiClient<typeof delegatedActionsApi>('delegated-actions')
