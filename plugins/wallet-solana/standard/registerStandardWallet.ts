import type { Wallet } from '@wallet-standard/base'

/** What a wallet-standard registry hands a wallet (`getWallets()`'s `register`). */
interface RegisterApi {
  register(...wallets: Wallet[]): () => void
}

/**
 * Registers `wallet` with every wallet-standard registry of the page, by the standard's window events (what
 * `registerWallet` of @wallet-standard/wallet does, which has no way back): a `wallet-standard:register-wallet` event
 * for the registries already listening, and an answer to each later `wallet-standard:app-ready`. Answers the function
 * that unregisters it from every registry that took it and stops answering.
 */
export function registerStandardWallet(wallet: Wallet, win: Window): () => void {
  const unregisters: Array<() => void> = []
  let active = true
  const register = (api: RegisterApi | undefined) => {
    if (!active || typeof api?.register !== 'function') return
    try {
      unregisters.push(api.register(wallet))
    } catch {
      // One registry's failure must not keep the wallet from the others.
    }
  }
  const onAppReady = (event: Event) => register((event as CustomEvent<RegisterApi>).detail)
  win.addEventListener('wallet-standard:app-ready', onAppReady)
  win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
  return () => {
    active = false
    win.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) {
      try {
        unregister()
      } catch {
        // Already gone from that registry.
      }
    }
  }
}
