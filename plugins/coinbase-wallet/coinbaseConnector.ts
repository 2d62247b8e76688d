import type { Foyer } from '../../core/client/types.js'
import { eip1193Connector, type Eip1193Provider } from '../../core/client/wallets/eip1193Connector.js'
import type { WalletConnector } from '../../core/client/wallets/types.js'

/** Spec §9: the chains the Coinbase Smart Wallet supports. */
export const COINBASE_SMART_WALLET_CHAIN_IDS: readonly number[] = [1, 11155111, 137, 10, 8453, 84532, 42161, 7777777, 43114, 56]

/** The SDK's connection preference: every option, the Smart Wallet only, or the app/extension only. */
export type CoinbasePreference = 'all' | 'smartWalletOnly' | 'eoaOnly'

/** What the SDK is created with (and what a host's `createProvider` gets). */
export interface CoinbaseProviderParameters {
  appName: string
  appLogoUrl: string | null
  appChainIds: number[]
  preference: CoinbasePreference
}

/** Options of the Coinbase connector. */
export interface CoinbaseConnectorOptions {
  /** Which Coinbase wallets the SDK offers. Default 'all'. 'smartWalletOnly' reports coinbase_smart_wallet. */
  preference?: CoinbasePreference
  /** Default: the app config's name. */
  appName?: string
  /** Default: the app config's logo. */
  appLogoUrl?: string | null
  /** Makes the EIP-1193 provider (default: @coinbase/wallet-sdk's, loaded on first use). Test seam; hosts may inject. */
  createProvider?: (parameters: CoinbaseProviderParameters) => Promise<Eip1193Provider>
}

/** Coinbase's mark. */
export const coinbaseIcon =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><rect width="24" height="24" rx="6" fill="#0052FF"/><path fill="#fff" d="M12 5.5a6.5 6.5 0 1 0 6.4 7.6h-3.3a3.3 3.3 0 1 1 0-2.2h3.3A6.5 6.5 0 0 0 12 5.5Z"/></svg>'

/** The host's chain ids (default chain first); for the Smart Wallet only those it supports. */
function appChainIds(foyer: Foyer, smartWallet: boolean): number[] {
  const client = foyer.$config.peek()?.client
  const ids = [...new Set([client?.defaultChain?.id, ...(client?.supportedChains ?? []).map((c) => c.id)].filter((id): id is number => typeof id === 'number'))]
  const usable = smartWallet ? ids.filter((id) => COINBASE_SMART_WALLET_CHAIN_IDS.includes(id)) : ids
  return usable.length ? usable : smartWallet ? [...COINBASE_SMART_WALLET_CHAIN_IDS] : [1]
}

async function sdkProvider(parameters: CoinbaseProviderParameters): Promise<Eip1193Provider> {
  // The SDK is large: it loads only when a user picks Coinbase.
  const { createCoinbaseWalletSDK } = await import('@coinbase/wallet-sdk')
  const sdk = createCoinbaseWalletSDK({
    appName: parameters.appName,
    appLogoUrl: parameters.appLogoUrl,
    appChainIds: parameters.appChainIds,
    preference: { options: parameters.preference },
  })
  return sdk.getProvider() as unknown as Eip1193Provider
}

/** The Coinbase connector over the kernel's EIP-1193 connector; one SDK provider per kernel. */
export function createCoinbaseConnector(foyer: Foyer, options: CoinbaseConnectorOptions = {}): WalletConnector {
  const preference = options.preference ?? 'all'
  const smartWallet = preference === 'smartWalletOnly'
  let provider: Promise<Eip1193Provider> | null = null
  const getProvider = () =>
    (provider ??= (async () => {
      const config = foyer.$config.peek()
      return (options.createProvider ?? sdkProvider)({
        appName: options.appName ?? config?.name ?? 'Foyer',
        appLogoUrl: options.appLogoUrl !== undefined ? options.appLogoUrl : (config?.logo ?? null),
        appChainIds: appChainIds(foyer, smartWallet),
        preference,
      })
    })().catch((error) => {
      provider = null
      throw error
    }))

  return eip1193Connector(
    {
      id: 'coinbase_wallet',
      connectorType: 'coinbase_wallet',
      walletClientType: smartWallet ? 'coinbase_smart_wallet' : 'coinbase_wallet',
      name: smartWallet ? 'Coinbase Smart Wallet' : 'Coinbase Wallet',
      icon: coinbaseIcon,
    },
    getProvider,
    {
      // The SDK works without the extension (popup or app), so it is always available.
      installed: true,
      // The SDK's disconnect() forgets the account locally; the EIP-1193 surface has no such call.
      onDisconnect: async (p) => {
        await (p as Eip1193Provider & { disconnect?: () => Promise<void> }).disconnect?.()
      },
    },
  )
}
