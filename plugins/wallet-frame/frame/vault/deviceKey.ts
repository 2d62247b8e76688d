import { frameStores, openFrameDb, runFrameDb } from './frameDb.js'
import { deviceBinding, deviceProof, newDeviceKeyPair, type DeviceKeyPair } from '../keys/deviceJws.js'

/**
 * This device's key for one app (ARCHITECTURE §17): a P-256 pair made in the frame's origin, its private half
 * non-extractable, kept in IndexedDB. A session started with its binding accepts custody calls only with its proofs,
 * so nothing the host page holds (tokens, answers) opens a share without this frame.
 */
export interface DeviceKey {
  /** The `foyer-device-key` header for a call that starts a session. */
  binding(): Promise<string>
  /** The `foyer-device-proof` header for one call. */
  proof(method: string, url: string, accessToken: string): Promise<string>
  /** The server said its clock reads `serverTimeMs`: later proofs use its time (a device clock may be far off). */
  correctClock(serverTimeMs: number): void
}

/** Loads (or makes, once per origin and app) the key pair: of two frame pages making it at once, the first write wins. */
async function loadPair(appId: string, source: () => Promise<DeviceKeyPair>): Promise<DeviceKeyPair> {
  const db = await openFrameDb()
  const stored = await runFrameDb<DeviceKeyPair | undefined>(db, frameStores.deviceKeys, 'readonly', (s) => s.get(appId))
  if (stored) return stored
  const made = await source()
  try {
    await runFrameDb(db, frameStores.deviceKeys, 'readwrite', (s) => s.add(made, appId))
    return made
  } catch {
    // Another page of this origin stored one first (add refuses an existing key): use that one.
    const winner = await runFrameDb<DeviceKeyPair | undefined>(db, frameStores.deviceKeys, 'readonly', (s) => s.get(appId))
    if (!winner) throw new Error('The device key could not be stored')
    return winner
  }
}

/** The device key of `appId` in this origin, loaded on first use (`source` makes a pair; tests hand one in). */
export function createDeviceKey(appId: string, source: () => Promise<DeviceKeyPair> = newDeviceKeyPair, load = loadPair): DeviceKey {
  let pair: Promise<DeviceKeyPair> | null = null
  const keys = () => {
    pair ??= load(appId, source)
    pair.catch(() => (pair = null))
    return pair
  }
  let offsetMs = 0
  const now = () => Date.now() + offsetMs
  return {
    binding: async () => deviceBinding(await keys(), now()),
    proof: async (method, url, accessToken) => deviceProof(await keys(), { method, url, accessToken, nowMs: now() }),
    correctClock(serverTimeMs) {
      offsetMs = serverTimeMs - Date.now()
    },
  }
}
