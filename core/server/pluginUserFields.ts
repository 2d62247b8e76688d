import { UserSchema } from '../protocol/index.js'
import type { Db } from './db/Db.js'
import type { Logger } from './Logger.js'
import type { ServerPlugin } from './types.js'

/** Keys compared without case and underscores: `mfa_methods` can't shadow `mfaMethods` either. */
const loose = (key: string) => key.replace(/_/g, '').toLowerCase()
const coreKeys = new Set(Object.keys(UserSchema.entries).map(loose))

/**
 * The fields the plugins add to a user (ServerPlugin.userFields), in plugin order. A key core sends, or an
 * earlier plugin added, is left out and named once in a warning: the plugin can't change what core answers.
 */
export function pluginUserFields(plugins: readonly Pick<ServerPlugin, 'id' | 'userFields'>[], logger: Logger) {
  const readers = plugins.filter((p) => p.userFields)
  const warned = new Set<string>()
  return async (db: Db, userId: string): Promise<Record<string, unknown>> => {
    const fields: Record<string, unknown> = {}
    const owners = new Map<string, string>()
    for (const plugin of readers) {
      for (const [key, value] of Object.entries(await plugin.userFields!(db, userId))) {
        const owner = coreKeys.has(loose(key)) ? 'core' : owners.get(loose(key))
        if (owner) {
          if (!warned.has(`${plugin.id}\n${key}`)) {
            warned.add(`${plugin.id}\n${key}`)
            logger.warn(`[foyer] server plugin "${plugin.id}": user field "${key}" is already ${owner === 'core' ? "core's" : `plugin "${owner}"'s`}; left out`)
          }
          continue
        }
        owners.set(loose(key), plugin.id)
        fields[key] = value
      }
    }
    return fields
  }
}
