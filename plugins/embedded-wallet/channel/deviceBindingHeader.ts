import { deviceKeyHeaders } from '../../../core/protocol/deviceKeys.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { frameEvents } from '../../wallet-frame/index.js'

/** How long a login waits for the frame's binding (its first load included) before it goes on without one. */
export const DEVICE_BINDING_WAIT_MS = 10_000

/** `{ 'foyer-device-key': binding }` from the frame, or `{}` when the app has no wallet frame or it doesn't answer. */
export async function deviceBindingHeader(state: EmbeddedWalletState): Promise<Record<string, string>> {
  try {
    const proxy = await state.proxy(DEVICE_BINDING_WAIT_MS)
    const { binding } = await proxy.request<{ binding: string }>(frameEvents.deviceBinding, {}, DEVICE_BINDING_WAIT_MS)
    return typeof binding === 'string' ? { [deviceKeyHeaders.binding]: binding } : {}
  } catch {
    return {}
  }
}
