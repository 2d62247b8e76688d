import { UserSchema } from '../protocol/index.js'
import type { Db } from './db/Db.js'
import type { Logger } from './Logger.js'
import type { ServerPlugin } from './types.js'

/** Keys compared without case and underscores: `mfa_methods` can't shadow `mfaMethods` either. */
const loose = (key: string) => key.replace(/_/g, '').toLowerCase()
const coreKeys = new Set(Object.keys(UserSchema.entries).map(loose))

type FieldReader = Pick<ServerPlugin, 'id' | 'userFields' | 'userFieldsOf'>

/** The refused keys a server's logger has named (one set for the one-user and the many-user reader). */
const warnedBy = new WeakMap<Logger, Set<string>>()

/** Merges each plugin's fields in plugin order; a key core sends or an earlier plugin added is left out, warned once. */
function fieldMerger(logger: Logger) {
  const warned = warnedBy.get(logger) ?? new Set<string>()
  warnedBy.set(logger, warned)
  return (perPlugin: readonly [pluginId: string, fields: Record<string, unknown>][]): Record<string, unknown> => {
    const fields: Record<string, unknown> = {}
    const owners = new Map<string, string>()
    for (const [pluginId, added] of perPlugin) {
      for (const [key, value] of Object.entries(added)) {
        const owner = coreKeys.has(loose(key)) ? 'core' : owners.get(loose(key))
        if (owner) {
          if (!warned.has(`${pluginId}\n${key}`)) {
            warned.add(`${pluginId}\n${key}`)
            logger.warn(`[foyer] server plugin "${pluginId}": user field "${key}" is already ${owner === 'core' ? "core's" : `plugin "${owner}"'s`}; left out`)
          }
          continue
        }
        owners.set(loose(key), pluginId)
        fields[key] = value
      }
    }
    return fields
  }
}

/**
 * The fields the plugins add to a user (ServerPlugin.userFields), in plugin order. A key core sends, or an
 * earlier plugin added, is left out and named once in a warning: the plugin can't change what core answers.
 */
export function pluginUserFields(plugins: readonly FieldReader[], logger: Logger) {
  const readers = plugins.filter((p) => p.userFields)
  const merge = fieldMerger(logger)
  return async (db: Db, userId: string): Promise<Record<string, unknown>> => {
    const perPlugin: [string, Record<string, unknown>][] = []
    for (const plugin of readers) perPlugin.push([plugin.id, await plugin.userFields!(db, userId)])
    return merge(perPlugin)
  }
}

/**
 * The plugins' fields of many users at once (a page of the management API's listing): one `userFieldsOf` call per
 * plugin that has it, `userFields` per user for the others. The same fields, merged the same way, as pluginUserFields.
 */
export function pluginUserFieldsOf(plugins: readonly FieldReader[], logger: Logger) {
  const readers = plugins.filter((p) => p.userFields)
  const merge = fieldMerger(logger)
  return async (db: Db, userIds: readonly string[]): Promise<Map<string, Record<string, unknown>>> => {
    const perPlugin = new Map(userIds.map((id) => [id, [] as [string, Record<string, unknown>][]]))
    for (const plugin of readers) {
      const many = plugin.userFieldsOf ? await plugin.userFieldsOf(db, userIds) : null
      for (const id of userIds) perPlugin.get(id)!.push([plugin.id, many ? (many.get(id) ?? {}) : await plugin.userFields!(db, id)])
    }
    return new Map(userIds.map((id) => [id, merge(perPlugin.get(id)!)]))
  }
}
