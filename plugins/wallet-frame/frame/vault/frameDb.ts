// The wallet frame's IndexedDB (this origin only): device shares, their wrapping keys and the device key. Opened on
// first use: a frame page that never gets a request (not embedded, or by a page it won't serve) keeps nothing.

const DB_NAME = 'foyer-wallet'
/** Version 2 added the device keys' store. */
const VERSION = 2
/** The stores: device shares (wrapped), their AES-GCM wrapping keys, and the P-256 device key per app. */
export const frameStores = { shares: 'device-shares', wrappingKeys: 'wrapping-keys', deviceKeys: 'device-keys' } as const

let opened: Promise<IDBDatabase> | null = null

/** The frame's database, opened (and upgraded) once per page. */
export function openFrameDb(): Promise<IDBDatabase> {
  return (opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION)
    request.onupgradeneeded = () => {
      for (const store of Object.values(frameStores)) if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store)
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  }))
}

/** Runs one request in its own transaction; resolves once the transaction completed (a write is durable). */
export function runFrameDb<T>(db: IDBDatabase, store: string, mode: IDBTransactionMode, act: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode)
    const request = act(tx.objectStore(store))
    tx.oncomplete = () => resolve(request.result)
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error)
  })
}
