import { deviceKeyHeaders } from '../../../core/protocol/deviceKeys.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { frameEvents } from '../../wallet-frame/index.js'
import { DEVICE_BINDING_WAIT_MS } from './mountFrameOnLoginOpen.js'

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
