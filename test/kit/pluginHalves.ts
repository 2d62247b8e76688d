import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { FoyerPlugin } from '../../core/client/plugin.js'
import type { ServerPlugin } from '../../core/server/index.js'

const plugins = fileURLToPath(new URL('../../plugins', import.meta.url))

/** Every plugin's server half, made by each `…Server()` factory its server.ts exports (all take defaults). */
export async function serverPlugins(): Promise<ServerPlugin[]> {
  const found: ServerPlugin[] = []
  for (const id of readdirSync(plugins)) {
    const entry = join(plugins, id, 'server.ts')
    if (!existsSync(entry)) continue
    const module = (await import(pathToFileURL(entry).href)) as Record<string, unknown>
    for (const [name, factory] of Object.entries(module)) {
      if (typeof factory === 'function' && name.endsWith('Server')) found.push((factory as () => ServerPlugin)())
    }
  }
  return found
}

/**
 * A plugin's client half: the factory its index.ts exports under the id in camel case ('custom-jwt' → customJwt,
 * 'walletconnect' → walletConnect is the one exception, looked up case-insensitively), called with defaults.
 */
export async function clientPlugin(id: string): Promise<FoyerPlugin | undefined> {
  const entry = join(plugins, id, 'index.ts')
  if (!existsSync(entry)) return undefined
  const module = (await import(pathToFileURL(entry).href)) as Record<string, unknown>
  const name = id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()).toLowerCase()
  const factory = Object.entries(module).find(([key, value]) => key.toLowerCase() === name && typeof value === 'function')?.[1]
  return factory ? (factory as () => FoyerPlugin)() : undefined
}
