import type { Foyer } from '../../../core/client/types.js'
import { BaseError } from '../../../core/errors/index.js'
import type { CreateOnLogin } from './createOnLoginHook.js'
import type { EmbeddedWalletState } from '../state/embeddedWalletState.js'

/**
 * A login whose wallet creation was cut off (the page reloaded, the tab closed, the connection dropped past the retries
 * and the user came back signed in) leaves a signed-in user without the wallet the settings promise. At each load, once
 * the session is restored: when the settings create a wallet for this user and they have none, it is made now, in the
 * background (no screen: the user asked for nothing on this load). The frame resumes its unfinished creation with the
 * same key (frame/pendingCreation.ts), or the server answers the wallet the cut-off call stored: never a second wallet.
 * A failure is reported (`embedded_wallet_creation_failed`, `resumed: true`) and left for the next load; the user stays
 * signed in. Returns the teardown.
 */
export function resumeCreateOnLoad(foyer: Foyer, state: () => EmbeddedWalletState, ethereum: () => CreateOnLogin, solana: () => CreateOnLogin): () => void {
  let checked = false
  let stop = () => {}
  stop = foyer.$ready.subscribe((ready) => {
    if (!ready || checked) return
    checked = true
    queueMicrotask(() => stop())
    const { status, user } = foyer.$session.peek()
    if (status !== 'authenticated' || !user) return
    // Only code this page needs: the creation's modules load when there is something to resume.
    void import('./createOnLoginHook.js').then(async ({ shouldCreateOnLogin, canCreateSolanaWallet }) => {
      const setting = { ethereum: ethereum(), solana: solana() }
      const chains = (['ethereum', 'solana'] as const).filter((chain) => shouldCreateOnLogin(setting[chain], { user }, chain))
      if (chains.length === 0) return
      const { createWallet } = await import('./createWallet.js')
      try {
        for (const chain of chains) {
          if (chain === 'solana' && !canCreateSolanaWallet(foyer.$session.peek().user)) continue
          // Signed out (or another user) meanwhile: nothing to resume for this one.
          if (foyer.$session.peek().user?.id !== user.id) return
          await createWallet(foyer, state(), { chainType: chain })
        }
      } catch (error) {
        // EMBEDDED_WALLET_EXISTS: the page's own 'Create a wallet' (or another tab) got there first — done, not failed.
        if (error instanceof BaseError && error.code === 'EMBEDDED_WALLET_EXISTS') return
        foyer.track('embedded_wallet_creation_failed', { reason: error instanceof BaseError ? error.code : 'UNKNOWN', resumed: true })
      }
    })
  })
  return () => stop()
}
