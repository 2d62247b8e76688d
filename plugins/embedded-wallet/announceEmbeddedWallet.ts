import type { Foyer } from '../../core/client/types.js'
import { primaryEmbeddedWallet } from './embeddedAccounts.js'
import type { EmbeddedEthereumProvider, EmbeddedProviderDeps } from './embeddedEthereumProvider.js'
import { EMBEDDED_WALLET_ICON, EMBEDDED_WALLET_NAME, EMBEDDED_WALLET_RDNS } from './embeddedWalletInfo.js'
import { PRESENCE_EVENT, REQUEST_PRESENCE_EVENT, type EmbeddedWalletPresence } from './embeddedWalletPresence.js'

/** EIP-6963 provider info. */
export interface Eip6963Info {
  uuid: string
  name: string
  icon: string
  rdns: string
}

/** A UUIDv4 (EIP-6963 asks for one per provider, per page). */
function uuidV4(): string {
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Announces the embedded wallet to the page's dapps by EIP-6963 (wagmi, RainbowKit, mipd) once the signed-in user has
 * an embedded Ethereum wallet, and answers each `eip6963:requestProvider` while they do. The announced provider is
 * the page's: it serves the user's primary embedded wallet and follows the session (accountsChanged, disconnect on
 * logout), so a dapp that kept it from an earlier announcement stays right. Once the session is known it also tells
 * whether there is such a wallet (embeddedWalletPresence.ts: the wagmi connector waits on it at a reload). Returns the
 * teardown.
 */
export function announceEmbeddedWallet(foyer: Foyer, deps: EmbeddedProviderDeps, win: Window | undefined = typeof window === 'undefined' ? undefined : window): () => void {
  if (!win) return () => {}
  const info: Eip6963Info = Object.freeze({ uuid: uuidV4(), name: EMBEDDED_WALLET_NAME, icon: EMBEDDED_WALLET_ICON, rdns: EMBEDDED_WALLET_RDNS })
  let provider: Promise<EmbeddedEthereumProvider> | null = null
  let active = false
  let stopped = false
  let detail: Readonly<{ info: Eip6963Info; provider: EmbeddedEthereumProvider }> | null = null
  const announce = () => {
    if (active && detail) win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  }
  // Presence: unknown while the session loads; after that, whether the user has the wallet.
  let known = false
  const tellPresence = () => {
    if (known) win.dispatchEvent(new CustomEvent<EmbeddedWalletPresence>(PRESENCE_EVENT, { detail: Object.freeze({ available: active }) }))
  }
  win.addEventListener(REQUEST_PRESENCE_EVENT, tellPresence)

  const stop = foyer.$session.subscribe((session) => {
    const has = primaryEmbeddedWallet(session.user, 'ethereum') !== null
    const wasKnown = known
    known = session.status !== 'loading'
    if (has === active) {
      if (known && !wasKnown) tellPresence()
      return
    }
    active = has
    tellPresence()
    // EIP-6963 has no withdrawal: after a logout the provider answers no accounts and stops being announced.
    if (!has) return void win.removeEventListener('eip6963:requestProvider', announce)
    provider ??= import('./embeddedEthereumProvider.js').then((m) => m.createEmbeddedEthereumProvider(foyer, deps, m.primaryWalletAccount(foyer)))
    void provider.then(
      (p) => {
        if (stopped || !active) return
        detail ??= Object.freeze({ info, provider: p })
        win.addEventListener('eip6963:requestProvider', announce)
        announce()
      },
      () => {},
    )
  })

  return () => {
    stopped = true
    stop()
    win.removeEventListener('eip6963:requestProvider', announce)
    win.removeEventListener(REQUEST_PRESENCE_EVENT, tellPresence)
    void provider?.then((p) => p.destroy(), () => {})
  }
}
