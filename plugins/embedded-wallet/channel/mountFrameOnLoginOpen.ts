import type { Foyer } from '../../../core/client/types.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'

/** How long a frame mounted at the modal's opening may take to answer (the user is typing meanwhile). */
export const FRAME_MOUNT_WAIT_MS = 30_000

/**
 * Mounts the wallet frame as soon as the modal opens for a login (nobody signed in yet), not when the login's last call
 * is sent: that call must carry the frame's device binding (bindDeviceKey), and the frame's first load (its page, its
 * kernel, the device key) then runs while the user types an address and a code instead of holding the login up, and
 * has that time to finish on a slow device or network. The host's first load still carries no frame. Returns the
 * teardown.
 */
export function mountFrameOnLoginOpen(foyer: Foyer, state: () => EmbeddedWalletState): () => void {
  let wasOpen = false
  return foyer.$modal.subscribe(({ open, intent }) => {
    // Opened for a login, nobody signed in. No frame (no wallet origin) or one that doesn't answer: the login's own
    // call tries again and goes on without.
    if (open && !wasOpen && intent === 'login' && !foyer.$session.peek().user) state().proxy(FRAME_MOUNT_WAIT_MS).catch(() => {})
    wasOpen = open
  })
}
