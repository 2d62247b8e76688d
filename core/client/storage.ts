import type { FoyerStorage } from './types.js'

/** localStorage when usable, else an in-memory map (private mode, workers, SSR). */
export function createStorage(): FoyerStorage {
  try {
    const ls = globalThis.localStorage
    const probe = '__foyer_probe__'
    ls.setItem(probe, '1')
    ls.removeItem(probe)
    return {
      get: (key) => ls.getItem(key),
      set: (key, value) => ls.setItem(key, value),
      remove: (key) => ls.removeItem(key),
    }
  } catch {
    return createMemoryStorage()
  }
}

/** Storage that lives as long as the page. */
export function createMemoryStorage(): FoyerStorage {
  const map = new Map<string, string>()
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
  }
}
