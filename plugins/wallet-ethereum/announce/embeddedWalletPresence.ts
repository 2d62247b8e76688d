// Whether the page's signed-in user has an embedded Ethereum wallet, told to code outside Foyer's React tree (the wagmi
// connector) by window events, the way EIP-6963 tells of providers: `foyer:embeddedWalletPresence` carries
// `{ available: boolean }` once the session is known and at each change, and answers `foyer:requestEmbeddedWalletPresence`.

export const PRESENCE_EVENT = 'foyer:embeddedWalletPresence'
export const REQUEST_PRESENCE_EVENT = 'foyer:requestEmbeddedWalletPresence'

export interface EmbeddedWalletPresence {
  available: boolean
}

/**
 * Resolves with whether the page's user has an embedded Ethereum wallet, once Foyer knows (its session restored); null
 * after `timeoutMs` when no Foyer answers (none on the page, or not started).
 */
export function embeddedWalletPresence(win: Window, timeoutMs: number): Promise<boolean | null> {
  return new Promise((resolve) => {
    const done = (available: boolean | null) => {
      clearTimeout(timer)
      win.removeEventListener(PRESENCE_EVENT, heard)
      resolve(available)
    }
    const heard = (event: Event) => done(Boolean((event as CustomEvent<EmbeddedWalletPresence>).detail?.available))
    const timer = setTimeout(() => done(null), timeoutMs)
    win.addEventListener(PRESENCE_EVENT, heard)
    win.dispatchEvent(new Event(REQUEST_PRESENCE_EVENT))
  })
}
