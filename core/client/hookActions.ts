import { PluginError } from '../errors/index.js'
import type { FoyerHookActions, HookName } from './hookActionTypes.js'
import type { Foyer, FoyerPlugin } from './types.js'

type ActionTable = Record<string, (...args: any[]) => unknown>

/**
 * Builds the kernel's `hookActions(hook)`: the functions the loaded plugins' `hookActions` slots add to `hook`, made
 * for this kernel on first ask and kept (a ui hook spreads them into what it returns); an empty table when no loaded
 * plugin adds any. A name two plugins add is a PluginError.
 */
export function createHookActions(plugins: readonly FoyerPlugin[], foyer: () => Foyer) {
  const made = new Map<HookName, Readonly<ActionTable>>()
  return <H extends HookName>(hook: H): Readonly<Partial<FoyerHookActions[H]>> => {
    let table = made.get(hook)
    if (!table) {
      const collected: ActionTable = {}
      for (const plugin of plugins) {
        const build = plugin.hookActions?.[hook] as ((foyer: Foyer) => ActionTable) | undefined
        for (const [name, fn] of Object.entries(build?.(foyer()) ?? {})) {
          if (name in collected) throw new PluginError(`function "${name}" is already on ${hook}().`, { pluginId: plugin.id })
          collected[name] = fn
        }
      }
      made.set(hook, (table = Object.freeze(collected)))
    }
    return table as Readonly<Partial<FoyerHookActions[H]>>
  }
}
