import { eip1193Connector, type Eip1193Provider } from '../../core/client/wallets/eip1193Connector.js'
import type { WalletConnector } from '../../core/client/wallets/types.js'
import { legacyWalletClientType, NAMED_INJECTED_WALLETS, walletClientTypeOf } from './injectedWallets.js'

/** EIP-6963 provider info. */
export interface Eip6963ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

/** Options of injected discovery. */
export interface DiscoverInjectedOptions {
  /** Named wallets (spec ids) listed as not installed until they announce. Default: every known extension; false: none. */
  namedWallets?: readonly string[] | false
  /** Use window.ethereum when no wallet announces itself (EIP-6963). Default true. */
  legacy?: boolean
}

/** The connector id of an injected wallet (stable between the named placeholder and the installed wallet). */
export const injectedConnectorId = (rdns: string) => `injected:${rdns}`

const isProvider = (value: unknown): value is Eip1193Provider => typeof (value as Eip1193Provider | null)?.request === 'function'

/**
 * Listens for EIP-6963 announcements (and asks for them), answers the current connector list on each
 * change: announced wallets, the legacy window.ethereum when nothing announced, then named wallets that
 * are not installed. Returns the stop function.
 */
export function discoverInjected(update: (connectors: WalletConnector[]) => void, options: DiscoverInjectedOptions = {}, win: Window = window): () => void {
  const announced = new Map<string, WalletConnector>()
  let legacy: WalletConnector | null = null
  const named = options.namedWallets === false ? [] : NAMED_INJECTED_WALLETS.filter((w) => !options.namedWallets || options.namedWallets.includes(w.walletClientType))

  const publish = () => {
    const installed = [...announced.values(), ...(legacy ? [legacy] : [])]
    const have = new Set(installed.map((c) => c.walletClientType))
    const missing = named
      .filter((w) => !have.has(w.walletClientType))
      .map((w) =>
        eip1193Connector(
          { id: injectedConnectorId(w.rdns), connectorType: 'injected', walletClientType: w.walletClientType, name: w.name, ...(w.installUrl ? { installUrl: w.installUrl } : {}) },
          () => Promise.reject(new Error(`${w.name} is not installed`)),
          { installed: false },
        ),
      )
    update([...installed, ...missing])
  }

  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<{ info?: Eip6963ProviderInfo; provider?: unknown }>).detail
    const info = detail?.info
    if (!info || typeof info.rdns !== 'string' || !info.rdns || !isProvider(detail.provider)) return
    // The page's own embedded wallet announces itself for dapps; it is the user's wallet already, not one to connect.
    if ((detail.provider as { isFoyerWallet?: unknown }).isFoyerWallet === true) return
    const id = injectedConnectorId(info.rdns)
    // A wallet may announce again (every requestProvider); keep the first connector so listeners stay attached.
    if (announced.has(id)) return
    const provider = detail.provider
    announced.set(
      id,
      eip1193Connector(
        { id, connectorType: 'injected', walletClientType: walletClientTypeOf(info.rdns), name: info.name || info.rdns, ...(info.icon ? { icon: info.icon } : {}) },
        () => Promise.resolve(provider),
      ),
    )
    // The legacy provider is one of the announced wallets (or a duplicate of one): drop it.
    legacy = null
    publish()
  }

  win.addEventListener('eip6963:announceProvider', onAnnounce)
  win.dispatchEvent(new Event('eip6963:requestProvider'))
  // Wallets answer requestProvider synchronously; only a page with none gets the legacy provider.
  const ethereum = (win as unknown as { ethereum?: unknown }).ethereum
  if (options.legacy !== false && announced.size === 0 && isProvider(ethereum)) {
    const { walletClientType, name } = legacyWalletClientType(ethereum as unknown as Record<string, unknown>)
    legacy = eip1193Connector({ id: 'injected:legacy', connectorType: 'injected', walletClientType, name }, () => Promise.resolve(ethereum))
  }
  publish()
  return () => win.removeEventListener('eip6963:announceProvider', onAnnounce)
}
