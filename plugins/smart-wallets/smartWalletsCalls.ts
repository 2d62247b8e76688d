import { apiClient } from '../../core/client/apiClient.js'
import { smartWalletsApi } from './api.js'

/** The plugin's typed calls. */
export const smartWalletsCalls = apiClient('smart-wallets', smartWalletsApi)
