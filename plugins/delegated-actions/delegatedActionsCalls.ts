import { apiClient } from '../../core/client/apiClient.js'
import { delegatedActionsApi } from './api.js'

/** The delegated-actions plugin's typed calls. */
export const delegatedActionsCalls = apiClient('delegated-actions', delegatedActionsApi)
