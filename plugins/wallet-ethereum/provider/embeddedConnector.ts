import type { Foyer } from '../../../core/client/types.js'
import { eip1193Connector } from '../../../core/client/wallets/eip1193Connector.js'
import type { ConnectorSource, WalletConnector } from '../../../core/client/wallets/types.js'
import type { LinkedAccount } from '../../../core/protocol/index.js'
import type { EmbeddedEthereumProvider } from './embeddedEthereumProvider.js'
import { EMBEDDED_WALLET_ICON, EMBEDDED_WALLET_NAME } from '../announce/embeddedWalletInfo.js'
import type { WalletEthereumOptions } from '../ethereumWallet.js'

/** The connector id of an embedded Ethereum wallet. */
export const embeddedConnectorId = (address: string) => `embedded:${address.toLowerCase()}`

/**
 * The signed-in user's embedded Ethereum wallets as connectors (the plugin's `connectors` slot): one per wallet, in
 * walletIndex order, published once the kernel is ready and whenever the user's wallets change (none when logged
 * out). They are `autoConnect`: the wallet manager connects them without a prompt, lists them first in `useWallets()`
 * and keeps them out of the wallet list screen. Each one's EIP-1193 provider (and viem) loads on first use.
 */
export function embeddedConnectors(foyer: Foyer, ethereum: WalletEthereumOptions): ConnectorSource {
  return {
    discover(update) {
      // One connector (and provider) per address for the kernel's life: the manager's listeners stay attached to it
      // across a logout and a login.
      const made = new Map<string, { connector: WalletConnector; provider: Promise<EmbeddedEthereumProvider> | null }>()
      const connectorOf = (account: LinkedAccount) => {
        const address = String(account.address)
        const id = embeddedConnectorId(address)
        let entry = made.get(id)
        if (!entry) {
          const slot: { connector: WalletConnector; provider: Promise<EmbeddedEthereumProvider> | null } = { connector: null as never, provider: null }
          const base = eip1193Connector(
            { id, connectorType: ethereum.connectorType(account), walletClientType: ethereum.walletClientType, name: EMBEDDED_WALLET_NAME, icon: EMBEDDED_WALLET_ICON },
            () =>
              (slot.provider ??= import('./embeddedEthereumProvider.js').then(async (m) => {
                const deps = await m.providerDepsOf(foyer, ethereum)
                return m.createEmbeddedEthereumProvider(foyer, deps, m.embeddedWalletAccount(foyer, deps, address))
              })),
          )
          // The provider answers addresses in lower case, as MetaMask does (dapps compare them to what they recover);
          // useWallets() keeps the account's own EIP-55 spelling, as Privy's does.
          const own = (account: string) => (account.toLowerCase() === address.toLowerCase() ? address : account)
          slot.connector = {
            ...base,
            autoConnect: true,
            connect: async (options) => {
              const connected = await base.connect(options)
              return { ...connected, address: own(connected.address) }
            },
            getAccounts: async () => (await base.getAccounts!()).map(own),
            onAccountsChanged: (listener) => base.onAccountsChanged!((accounts) => listener(accounts.map(own))),
          }
          made.set(id, (entry = slot))
        }
        return entry.connector
      }
      let published = ''
      const publish = () => {
        // Not before `ready`: the wallet's chain comes from the app config (a restored session can beat it).
        if (!foyer.$ready.peek()) return
        const wallets = ethereum.accounts(foyer.$session.peek().user)
        const key = wallets.map((w) => String(w.address).toLowerCase()).join(',')
        if (key === published) return
        published = key
        update(wallets.map(connectorOf))
      }
      const stops = [foyer.$session.subscribe(publish), foyer.$ready.subscribe(publish)]
      return () => {
        for (const stop of stops) stop()
        for (const { provider } of made.values()) void provider?.then((p) => p.destroy(), () => {})
      }
    },
  }
}
