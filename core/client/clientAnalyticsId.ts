import type { FoyerStorage } from './types.js'

const KEY = 'foyer:caid'

/** A random id per browser, sent as foyer-ca-id; created once and kept in storage. */
export function clientAnalyticsId(storage: FoyerStorage): string {
  const existing = storage.get(KEY)
  if (existing) return existing
  const id = globalThis.crypto.randomUUID()
  storage.set(KEY, id)
  return id
}
