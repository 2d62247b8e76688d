import type { Foyer } from '../../../core/client/types.js'
import { announcedWallet } from './announcedWallet.js'
import type { EmbeddedEthereumProvider } from '../provider/embeddedEthereumProvider.js'
import type { WalletEthereumOptions } from '../ethereumWallet.js'
import { PRESENCE_EVENT, REQUEST_PRESENCE_EVENT, type EmbeddedWalletPresence } from './embeddedWalletPresence.js'

/**
 * Announces the embedded wallet to the page's dapps by EIP-6963 (wagmi, RainbowKit, mipd) once the signed-in user has
 * an embedded Ethereum wallet, and answers each `eip6963:requestProvider` while they do. The announced provider is
 * the page's (announcedWallet.ts): it serves the user's primary embedded wallet and follows the session
 * (accountsChanged, disconnect on logout), so a dapp that kept it from an earlier announcement stays right. A page
 * that likely has a session announced it already, before Foyer started (embeddedWallet()); its requests wait here
 * until the session is known. Once it is, this also tells whether there is such a wallet (embeddedWalletPresence.ts:
 * the wagmi connector waits on it at a reload). Returns the teardown.
 */
export function announceEmbeddedWallet(foyer: Foyer, ethereum: WalletEthereumOptions, win: Window | undefined = typeof window === 'undefined' ? undefined : window): () => void {
  if (!win) return () => {}
  const page = announcedWallet(win, { isMetaMask: ethereum.isMetaMask === true })
  let provider: Promise<EmbeddedEthereumProvider> | null = null
  let loaded: EmbeddedEthereumProvider | null = null
  let active = false
  let stopped = false
  // Presence: unknown while the session loads; after that, whether the user has the wallet.
  let known = false
  const tellPresence = () => {
    if (known) win.dispatchEvent(new CustomEvent<EmbeddedWalletPresence>(PRESENCE_EVENT, { detail: Object.freeze({ available: active }) }))
  }
  win.addEventListener(REQUEST_PRESENCE_EVENT, tellPresence)
  // Until the session is known, the page's announced provider (announced early when a session was likely) waits.
  page.pending()

  const stop = foyer.$session.subscribe((session) => {
    const has = ethereum.accounts(session.user).length > 0
    const wasKnown = known
    known = session.status !== 'loading'
    if (known && !has) {
      // EIP-6963 has no withdrawal: the announced provider answers no accounts (or, once it exists, the wallet's
      // provider does, following the logout) and is no longer announced.
      page.withdraw()
      if (!loaded) page.settle(null)
    }
    if (has === active) {
      if (known && !wasKnown) tellPresence()
      return
    }
    active = has
    if (has && !loaded) page.pending()
    tellPresence()
    if (!has) return
    provider ??= import('../provider/embeddedEthereumProvider.js').then(async (m) => {
      const deps = await m.providerDepsOf(foyer, ethereum)
      return m.createEmbeddedEthereumProvider(foyer, deps, m.primaryWalletAccount(foyer, deps))
    })
    void provider.then(
      (p) => {
        if (stopped) return
        loaded = p
        page.settle(p)
        if (active) page.announce()
      },
      () => {},
    )
  })

  return () => {
    stopped = true
    stop()
    page.withdraw()
    page.release()
    win.removeEventListener(REQUEST_PRESENCE_EVENT, tellPresence)
    void provider?.then((p) => p.destroy(), () => {})
  }
}
