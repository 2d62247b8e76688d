import { PluginError } from '../errors/index.js'
import { intentExits, type IntentExit } from './intents.js'
import { registerApi, registerApiOnce, type ApiTable } from './registerApi.js'
import type { FoyerPlugin, LandingEntry, PluginMeta, Registry, ScreenDef } from './types.js'
import type { ChainType } from './wallets/types.js'

export type { LandingEntry, Registry } from './types.js'

const ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/

/**
 * A plugin's screen or landing entry whose load also brings the plugin's `loadTexts` (once; again after a failure) and
 * hands them to `addTexts` before the screen's code resolves, so the screen never renders without its texts. A plugin
 * whose `api` is an ApiLoader starts loading it beside (not awaited; a failed load is tried again by the first call),
 * so the call a screen makes doesn't wait for it.
 */
function withTexts(def: ScreenDef, texts: (() => Promise<void>) | null, api: (() => Promise<void>) | undefined): ScreenDef {
  if (!texts && !api) return def
  return {
    ...def,
    load: () => {
      api?.().catch(() => {})
      return texts ? Promise.all([def.load(), texts()]).then(([module]) => module) : def.load()
    },
  }
}

/** `plugin.loadTexts`, loaded once and handed to `addTexts` (a failed load is tried again by the next screen load). */
function textsLoader(plugin: FoyerPlugin, addTexts: ((table: Readonly<Record<string, string>>) => void) | undefined): (() => Promise<void>) | null {
  const load = plugin.loadTexts
  if (!load || !addTexts) return null
  let loading: Promise<void> | null = null
  return () =>
    (loading ??= load().then(addTexts, (error: unknown) => {
      loading = null
      throw error
    }))
}

/**
 * The host's plugins with the ones each brings along (`plugins` of a plugin, e.g. the embedded wallet's transactions),
 * each right after the plugin that brings it (one level). A plugin the host lists itself (by id) wins over a brought one.
 */
export function withBroughtPlugins(plugins: readonly FoyerPlugin[]): FoyerPlugin[] {
  const ids = new Set(plugins.map((p) => p?.id))
  return plugins.flatMap((p) => [p, ...(p?.plugins ?? []).filter((brought) => !ids.has(brought.id) && ids.add(brought.id))])
}

/**
 * Builds the registry (with the plugins the host's bring: withBroughtPlugins); duplicate ids, bad ids and dangling screens raise PluginError. `addTexts` receives the English a
 * plugin loads with its screens (`loadTexts`); without it, screens load without them.
 */
export function createRegistry(plugins: readonly FoyerPlugin[], addTexts?: (table: Readonly<Record<string, string>>) => void): Registry {
  plugins = withBroughtPlugins(plugins)
  const byId = new Map<string, FoyerPlugin>()
  const screens = new Map<string, ScreenDef & { pluginId: string }>()
  const api: ApiTable = new Map()
  // Plugin id → its ApiLoader, run once at the plugin's first call.
  const apiLoads = new Map<string, () => Promise<void>>()
  const entries: LandingEntry[] = []
  const errors: Record<string, string> = {}
  const texts: Record<string, string> = {}
  const intents: Record<string, IntentExit> = { ...intentExits }
  const loginMethods = new Map<string, string>()
  const walletLogins = new Map<ChainType, string>()

  for (const plugin of plugins) {
    if (!plugin || typeof plugin !== 'object' || typeof plugin.id !== 'string') {
      throw new PluginError('A plugin must be an object with a string id (did you pass the factory instead of calling it?).')
    }
    if (!ID.test(plugin.id)) throw new PluginError(`id must be kebab-case, got "${plugin.id}".`, { pluginId: plugin.id })
    if (byId.has(plugin.id)) throw new PluginError('is registered twice. Each plugin id must be unique.', { pluginId: plugin.id })
    if (!plugin.kind) throw new PluginError('has no kind.', { pluginId: plugin.id })
    byId.set(plugin.id, plugin)
    const pluginTexts = textsLoader(plugin, addTexts)
    const pluginApi = typeof plugin.api === 'function' ? registerApiOnce(api, plugin.id, plugin.api) : undefined
    if (pluginApi) apiLoads.set(plugin.id, pluginApi)

    for (const [key, def] of Object.entries(plugin.screens ?? {})) {
      if (typeof def?.load !== 'function') throw new PluginError(`screen "${key}" has no load() function.`, { pluginId: plugin.id })
      screens.set(`${plugin.id}/${key}`, { ...withTexts(def, pluginTexts, pluginApi), pluginId: plugin.id })
    }
    if (typeof plugin.api !== 'function') registerApi(api, plugin.id, plugin.api ?? {})
    const own: Array<{ loginMethod: string; meta: PluginMeta | undefined; entry: ScreenDef }> = []
    if (plugin.entry) own.push({ loginMethod: plugin.meta?.loginMethod ?? plugin.id, meta: plugin.meta, entry: plugin.entry })
    for (const def of plugin.entries ?? []) own.push({ loginMethod: def.loginMethod ?? def.meta?.loginMethod, meta: def.meta, entry: def.entry })
    for (const { loginMethod, meta, entry } of own) {
      if (!meta) throw new PluginError('has a landing entry but no meta (label, group).', { pluginId: plugin.id })
      if (typeof entry?.load !== 'function') throw new PluginError('landing entry has no load() function.', { pluginId: plugin.id })
      if (typeof loginMethod !== 'string' || !loginMethod) throw new PluginError('landing entry has no loginMethod.', { pluginId: plugin.id })
      const owner = loginMethods.get(loginMethod)
      if (owner) throw new PluginError(`login method "${loginMethod}" is already provided by plugin "${owner}".`, { pluginId: plugin.id })
      loginMethods.set(loginMethod, plugin.id)
      entries.push({ pluginId: plugin.id, loginMethod, meta: { ...meta, loginMethod }, entry: withTexts(entry, pluginTexts, pluginApi) })
    }
    if (plugin.walletLogin) {
      const { chain, screen } = plugin.walletLogin
      if (!plugin.screens?.[screen]) throw new PluginError(`walletLogin names screen "${screen}", which the plugin doesn't register.`, { pluginId: plugin.id })
      if (walletLogins.has(chain)) throw new PluginError(`wallet sign-in for ${chain} is already provided by ${walletLogins.get(chain)}.`, { pluginId: plugin.id })
      walletLogins.set(chain, `${plugin.id}/${screen}`)
    }
    for (const [intent, exit] of Object.entries(plugin.intents ?? {})) {
      if (intents[intent]) throw new PluginError(`intent "${intent}" is already declared.`, { pluginId: plugin.id })
      intents[intent] = exit
    }
    Object.assign(errors, plugin.errors)
    Object.assign(texts, plugin.texts)
  }
  entries.sort((a, b) => (a.meta.order ?? 100) - (b.meta.order ?? 100))
  const hookOrder = orderHooks(plugins)

  return {
    plugins: [...plugins],
    screens,
    api,
    async apiCall(id) {
      const load = !api.has(id) && apiLoads.get(id.slice(0, id.indexOf('.')))
      if (load) await load()
      return api.get(id)
    },
    entries,
    errors,
    texts,
    intents,
    walletLogins,
    hooks(kind) {
      return hookOrder.flatMap((p) => (p.hooks?.[kind] ? [p.hooks[kind]!] : []))
    },
    plugin: (id) => byId.get(id),
    screen(id) {
      const def = screens.get(id)
      if (!def) {
        const known = [...screens.keys()].join(', ') || 'none'
        throw new PluginError(`No screen "${id}" is registered (known screens: ${known}). Is the plugin that provides it loaded?`)
      }
      return def
    },
  }
}

/**
 * The plugins in hook order: each plugin's `hooks.before` / `hooks.after` constraints (ids not loaded are ignored),
 * otherwise the host's order. A cycle is a PluginError naming the plugins in it.
 */
function orderHooks(plugins: readonly FoyerPlugin[]): FoyerPlugin[] {
  const ids = new Set(plugins.map((p) => p.id))
  const mustFollow = new Map<string, Set<string>>(plugins.map((p) => [p.id, new Set<string>()]))
  for (const p of plugins) {
    for (const id of p.hooks?.after ?? []) if (ids.has(id)) mustFollow.get(p.id)!.add(id)
    for (const id of p.hooks?.before ?? []) if (ids.has(id)) mustFollow.get(id)!.add(p.id)
  }
  const ordered: FoyerPlugin[] = []
  const placed = new Set<string>()
  while (ordered.length < plugins.length) {
    // The first plugin (in the host's order) whose predecessors are all placed.
    const next = plugins.find((p) => !placed.has(p.id) && [...mustFollow.get(p.id)!].every((id) => placed.has(id)))
    if (!next) {
      const stuck = plugins.filter((p) => !placed.has(p.id)).map((p) => p.id)
      throw new PluginError(`hook order has a cycle among ${stuck.join(', ')} (check their hooks.before / hooks.after).`)
    }
    ordered.push(next)
    placed.add(next.id)
  }
  return ordered
}
