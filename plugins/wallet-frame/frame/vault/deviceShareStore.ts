// The device share lives in this origin's IndexedDB only, wrapped (AES-GCM) by a non-extractable key kept in the
// same database: script on another origin can't read it, and the raw share is never stored in the clear.

import { frameStores, openFrameDb, runFrameDb as run } from './frameDb.js'

const STORE = frameStores.shares
const KEYS = frameStores.wrappingKeys

async function wrappingKey(db: IDBDatabase, appId: string): Promise<CryptoKey> {
  const existing = await run<CryptoKey | undefined>(db, KEYS, 'readonly', (s) => s.get(appId))
  if (existing) return existing
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  await run(db, KEYS, 'readwrite', (s) => s.put(key, appId))
  return key
}

/** The device shares of one app's wallets on this device, by wallet root id. */
export interface DeviceShareStore {
  get(rootId: string): Promise<Uint8Array | null>
  /** Stores (or replaces) a root's share; resolves once the write is durable. */
  put(rootId: string, share: Uint8Array): Promise<void>
  remove(rootId: string): Promise<void>
}

/** The store of `appId`'s device shares in this origin's IndexedDB. */
export function createDeviceShareStore(appId: string): DeviceShareStore {
  const database = openFrameDb
  const keyOf = (rootId: string) => `${appId}:${rootId}`
  return {
    async get(rootId) {
      const db = await database()
      const sealed = await run<{ iv: Uint8Array; data: ArrayBuffer } | undefined>(db, STORE, 'readonly', (s) => s.get(keyOf(rootId)))
      if (!sealed) return null
      try {
        const key = await wrappingKey(db, appId)
        return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(sealed.iv), additionalData: new TextEncoder().encode(keyOf(rootId)) }, key, sealed.data))
      } catch {
        // A share that no longer opens (its wrapping key was cleared) counts as absent: recovery takes over.
        return null
      }
    },
    async put(rootId, share) {
      const db = await database()
      const key = await wrappingKey(db, appId)
      const iv = crypto.getRandomValues(new Uint8Array(12))
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(keyOf(rootId)) }, key, new Uint8Array(share))
      await run(db, STORE, 'readwrite', (s) => s.put({ iv, data }, keyOf(rootId)))
    },
    async remove(rootId) {
      const db = await database()
      await run(db, STORE, 'readwrite', (s) => s.delete(keyOf(rootId)))
    },
  }
}
