import { apiClient } from 'foyer/core'
import { newsletterApi } from './api.js'

/** The plugin's calls, typed from its schemas: `newsletterCalls.subscribe(foyer, { subscribed })`. */
export const newsletterCalls = apiClient('newsletter', newsletterApi)
