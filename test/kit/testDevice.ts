import { deviceKeyHeaders } from '../../core/protocol/deviceKeys.js'
import type { DeviceKey } from '../../plugins/wallet-frame/frame/vault/deviceKey.js'
import { deviceBinding, deviceProof, newDeviceKeyPair, type DeviceKeyPair } from '../../plugins/wallet-frame/frame/keys/deviceJws.js'

/** A wallet frame's device key in a test: the frame's own JWS code over a non-extractable P-256 pair (Node's WebCrypto). */
export interface TestDevice {
  pair: DeviceKeyPair
  /** `{ 'foyer-device-key': binding }`: the header a session-starting call carries. */
  bindingHeader(): Promise<Record<string, string>>
  /** `{ 'foyer-device-proof': proof }` for one call of `path` with `token` (`nowMs` moves the proof's time). */
  proofHeader(path: string, token: string, options?: { method?: string; nowMs?: number }): Promise<Record<string, string>>
}

/** A new device key; `now` is its clock (a test server's injected clock, so proofs are fresh in its time). */
export async function createTestDevice(now: () => number = Date.now): Promise<TestDevice> {
  const pair = await newDeviceKeyPair()
  return {
    pair,
    bindingHeader: async () => ({ [deviceKeyHeaders.binding]: await deviceBinding(pair, now()) }),
    proofHeader: async (path, token, { method = 'POST', nowMs = now() } = {}) => ({
      [deviceKeyHeaders.proof]: await deviceProof(pair, { method, url: `http://localhost${path}`, accessToken: token, nowMs }),
    }),
  }
}

/** A device key for frame unit tests whose server is a stub: its headers are placeholders no server would accept. */
export const stubDeviceKey: DeviceKey = { binding: async () => 'stub-binding', proof: async () => 'stub-proof', correctClock() {} }
