import type { CallMiddleware } from '../../../core/client/callMiddleware.js'
import { startsSession } from '../../../core/client/startsSession.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'

/**
 * Binds the wallet frame's device key to every session this page starts (ARCHITECTURE §17): a call that starts a
 * session (a login, a sign-up) carries the frame's `foyer-device-key`, so that session's custody calls need proofs
 * only the frame can sign. The frame is mounted for it (its code loads then, not in the host's first load). A frame
 * that can't answer in time never blocks a login: the session then opens no wallet until the next login.
 */
export function bindDeviceKey(state: () => EmbeddedWalletState): CallMiddleware {
  return {
    async onRequest(call) {
      if (!startsSession(call.def)) return
      const { deviceBindingHeader } = await import('./deviceBindingHeader.js')
      Object.assign(call.headers, await deviceBindingHeader(state()))
    },
  }
}
