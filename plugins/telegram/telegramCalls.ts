import { apiClient } from '../../core/client/apiClient.js'
import type { telegramApi } from './api.js'

/** The Telegram plugin's calls, typed from its schemas. */
export const telegramCalls = apiClient<typeof telegramApi>('telegram')
