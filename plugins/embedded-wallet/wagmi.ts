import { createConnector, injected } from '@wagmi/core'
import type { EIP1193Provider } from 'viem'
import { EMBEDDED_WALLET_ICON, EMBEDDED_WALLET_NAME, EMBEDDED_WALLET_RDNS } from './embeddedWalletInfo.js'
import { embeddedWalletPresence } from './embeddedWalletPresence.js'

/** Options of the `foyer()` wagmi connector. */
export interface FoyerConnectorParameters {
  /**
   * How long a reconnect (wagmi's at page load) waits for Foyer to restore its session and, when the user has an
   * embedded wallet, announce its provider; default 10 000 ms. Past it the connector reports not authorised.
   */
  readyTimeoutMs?: number
}

type Announcement = CustomEvent<{ info?: { rdns?: string }; provider?: EIP1193Provider }>

/**
 * The embedded wallet's EIP-1193 provider as Foyer announces it (EIP-6963, rdns dev.foyer.wallet), heard from the first
 * use on. `wait` answers it, waiting when it may still come: while Foyer restores its session (up to `timeoutMs`), and
 * after Foyer said the user has a wallet, until it is announced. A page where no Foyer answers is not waited on again.
 */
function foyerProvider(timeoutMs: number) {
  let provider: EIP1193Provider | undefined
  let listening = false
  let noFoyer = false
  const waiters = new Set<() => void>()
  const heard = (event: Event) => {
    const detail = (event as Announcement).detail
    if (detail?.info?.rdns !== EMBEDDED_WALLET_RDNS || !detail.provider) return
    provider = detail.provider
    for (const wake of [...waiters]) wake()
  }
  const announced = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => (clearTimeout(timer), waiters.delete(wake), resolve())
      const timer = setTimeout(wake, ms)
      waiters.add(wake)
    })
  return {
    current: () => provider,
    async wait(untilAnnounced = false): Promise<EIP1193Provider | undefined> {
      if (typeof window === 'undefined') return undefined
      if (!listening) {
        listening = true
        window.addEventListener('eip6963:announceProvider', heard)
        window.dispatchEvent(new Event('eip6963:requestProvider'))
      }
      if (provider || (noFoyer && !untilAnnounced)) return provider
      const available = await embeddedWalletPresence(window, timeoutMs)
      if (available === null) noFoyer = true
      if (available || untilAnnounced) await announced(provider ? 0 : timeoutMs)
      return provider
    },
  }
}

/**
 * Foyer's embedded wallet as a wagmi connector (wagmi 2 and 3): `createConfig({ connectors: [foyer()] })`. It is
 * wagmi's own `injected` connector on the provider Foyer announces, with one difference that matters at a reload:
 * wagmi reconnects when the page mounts, before Foyer has restored its session, so `getProvider` waits (up to
 * `readyTimeoutMs`) for Foyer to say whether the user has an embedded wallet and, if so, for its provider — the user
 * stays connected across reloads without a click. Its `rdns` is the announcement's, so wagmi's EIP-6963 discovery
 * doesn't list the wallet twice. Connecting needs a signed-in user with an embedded Ethereum wallet (Foyer's login
 * makes one); the accounts, chain and disconnect follow Foyer's.
 */
export function foyer(parameters: FoyerConnectorParameters = {}) {
  const announced = foyerProvider(parameters.readyTimeoutMs ?? 10_000)
  const base = injected({
    shimDisconnect: true,
    target: () => ({ id: 'foyer', name: EMBEDDED_WALLET_NAME, icon: EMBEDDED_WALLET_ICON, provider: () => announced.current() as never }),
  })
  return createConnector<EIP1193Provider>((config) => {
    const inner = base(config)
    return {
      ...inner,
      id: 'foyer',
      name: EMBEDDED_WALLET_NAME,
      icon: EMBEDDED_WALLET_ICON,
      rdns: EMBEDDED_WALLET_RDNS,
      type: 'foyer',
      // wagmi's reconnect asks for the provider first and skips a connector without one: at a page load, wait for Foyer.
      async getProvider() {
        return (await announced.wait()) as never
      },
      async connect(options) {
        // A login that just made the wallet announces it a moment later.
        await announced.wait(true)
        return inner.connect.call(this, options as never) as never
      },
    }
  })
}
