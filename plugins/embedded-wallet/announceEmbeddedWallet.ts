import type { Foyer } from '../../core/client/types.js'
import { primaryEmbeddedWallet } from './embeddedAccounts.js'
import type { EmbeddedEthereumProvider, EmbeddedProviderDeps } from './embeddedEthereumProvider.js'
import { EMBEDDED_WALLET_ICON, EMBEDDED_WALLET_NAME, EMBEDDED_WALLET_RDNS } from './embeddedWalletInfo.js'

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
 * logout), so a dapp that kept it from an earlier announcement stays right. Returns the teardown.
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

  const stop = foyer.$session.subscribe((session) => {
    const has = primaryEmbeddedWallet(session.user, 'ethereum') !== null
    if (has === active) return
    active = has
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
    void provider?.then((p) => p.destroy(), () => {})
  }
}
