import type { Foyer, MfaMethodSlot } from '../../core/client/types.js'

/** The MFA methods of the loaded plugins that the app enables (`mfa_methods`), in their order. */
export function mfaMethodsOf(foyer: Foyer): MfaMethodSlot[] {
  const enabled = foyer.$config.peek()?.server.mfa_methods ?? []
  return foyer.registry.plugins
    .flatMap((p) => (p.mfa && enabled.includes(p.mfa.method) ? [p.mfa] : []))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
}

/** The signed-in user's enrolled methods that a loaded plugin can verify. */
export function enrolledMfaMethods(foyer: Foyer): MfaMethodSlot[] {
  const enrolled = foyer.$session.peek().user?.mfaMethods ?? []
  return mfaMethodsOf(foyer).filter((m) => enrolled.includes(m.method))
}
