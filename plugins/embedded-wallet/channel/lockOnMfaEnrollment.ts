import type { Foyer } from '../../../core/client/types.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'

/**
 * A key the wallet frame unlocked while the user had no MFA method has no verification window to end it (the custody
 * answer's mfa_valid_for_ms is null), so after an enrollment this page could still sign, unverified, until a reload.
 * When the signed-in user's `mfaMethods` gains a method, an open frame drops its unlocked keys (`foyer:mfa:clear`):
 * the next use unlocks again, and the server asks for a verification first. Returns the teardown.
 */
export function lockOnMfaEnrollment(foyer: Foyer, state: EmbeddedWalletState): () => void {
  let known: { userId: string; methods: readonly string[] } | null = null
  return foyer.$session.subscribe(({ user }) => {
    const methods = user?.mfaMethods ?? []
    const grew = !!user && known?.userId === user.id && methods.some((m) => !known!.methods.includes(m))
    known = user ? { userId: user.id, methods } : null
    if (!grew) return
    const open = state.openProxy()
    if (!open) return
    // A frame that fails to clear is torn down instead: a fresh one holds no key. (The frame's event names load here,
    // not with the host's first JS.)
    void Promise.all([open, import('./frameEvents.js')]).then(
      ([proxy, { frameEvents }]) => proxy.request(frameEvents.mfaClear, {}).catch(() => state.reset()),
      () => undefined,
    )
  })
}
