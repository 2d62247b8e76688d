import * as api from './api.js'
import * as schema from './schema.js'

// The plugin entry's api table, paths and schemas: bound here instead of re-exported (see passkey/passkeyExports.ts).
// The entry's `api` loads api.ts with the first call, and a module the host's first load re-exports would come with it.
export type * from './schema.js'
export const moonpayApi = api.moonpayApi
export const moonpayPaths = api.moonpayPaths
export const MoonpayWidgetConfigSchema = schema.MoonpayWidgetConfigSchema
export const MoonpaySignInputSchema = schema.MoonpaySignInputSchema
export const MoonpaySignResultSchema = schema.MoonpaySignResultSchema
export const moonpayErrorCodes = schema.moonpayErrorCodes
export const moonpayServerTexts = schema.moonpayServerTexts
