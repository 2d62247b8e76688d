import * as v from 'valibot'
import { ServerAppConfigSchema, type ServerAppConfig } from '../protocol/index.js'

/** The server's app config, checked (throws valibot's ValiError for one that doesn't fit). */
export function parseAppConfig(raw: unknown): ServerAppConfig {
  return v.parse(ServerAppConfigSchema, raw)
}
