import { deviceKeyHeaders } from '../../../core/protocol/deviceKeys.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'
import { frameEvents } from '../../wallet-frame/index.js'

/** How long a login's last call waits for the frame's binding before it goes on without one. */
export const DEVICE_BINDING_WAIT_MS = 10_000

/** `promise`, or a rejection once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('The wallet frame did not answer in time')), ms)))
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/**
 * `{ 'foyer-device-key': binding }` from the frame, or `{}` when the app has no wallet frame or it doesn't answer within
 * DEVICE_BINDING_WAIT_MS of this call (a frame mounted at the modal's opening has had that time too).
 */
export async function deviceBindingHeader(state: EmbeddedWalletState): Promise<Record<string, string>> {
  try {
    const proxy = await within(state.proxy(DEVICE_BINDING_WAIT_MS), DEVICE_BINDING_WAIT_MS)
    const { binding } = await proxy.request<{ binding: string }>(frameEvents.deviceBinding, {}, DEVICE_BINDING_WAIT_MS)
    return typeof binding === 'string' ? { [deviceKeyHeaders.binding]: binding } : {}
  } catch {
    return {}
  }
}
