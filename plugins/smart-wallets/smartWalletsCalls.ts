import { apiClient } from '../../core/client/apiClient.js'
import type { smartWalletsApi } from './api.js'

/** The plugin's typed calls. */
export const smartWalletsCalls = apiClient<typeof smartWalletsApi>('smart-wallets')
