import { PluginError } from '../errors/index.js'
import type { ApiCallDef, ApiLoader } from './apiCallDef.js'

/** The registry's api calls by `pluginId.name`. */
export type ApiTable = Map<string, ApiCallDef & { pluginId: string }>

/** Adds a plugin's calls to `table` as `pluginId.name`; a call without a path is a PluginError. */
export function registerApi(table: ApiTable, pluginId: string, calls: Record<string, ApiCallDef>): void {
  for (const [name, def] of Object.entries(calls)) {
    if (typeof def?.path !== 'string') throw new PluginError(`api call "${name}" has no path.`, { pluginId })
    table.set(`${pluginId}.${name}`, { ...def, pluginId })
  }
}

/**
 * A plugin's ApiLoader run once and its calls registered (`registerApi`); a failed load (network, bad table) is tried
 * again by the next call.
 */
export function registerApiOnce(table: ApiTable, pluginId: string, load: ApiLoader): () => Promise<void> {
  let loading: Promise<void> | null = null
  return () =>
    (loading ??= load().then(
      (calls) => registerApi(table, pluginId, calls),
      (error: unknown) => {
        loading = null
        throw error
      },
    ))
}
