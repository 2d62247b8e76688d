import { definePlugin } from '../../core/client/plugin.js'
import type { Foyer, FundingRequest } from '../../core/client/types.js'
import { coinbaseChainsOf, supportsCoinbase, type FundingCoinbaseState } from './onrampChains.js'

/** Options of the Coinbase Onramp method. */
export interface FundingCoinbasePluginOptions {
  /** Position on 'Add funds' (lower first). Default 1 (after Moonpay). */
  order?: number
  /**
   * Extra EVM chain id → Coinbase network name ({ 31337: 'base' }): a local chain stands for a Coinbase one (tests).
   * The app's `"funding-coinbase": { "chains": … }` section does the same from the server.
   */
  chains?: Record<number | string, string>
  texts?: Record<string, string>
}

/** The Coinbase Onramp method's English. */
export const fundingCoinbaseTexts = {
  'fundingCoinbase.label': 'Coinbase Onramp',
  'fundingCoinbase.title': 'Buy with Coinbase Onramp',
  'fundingCoinbase.intro': 'Buy {amount} {asset} on {network} with Coinbase. A Coinbase window opens to finish the purchase.',
  'fundingCoinbase.continue': 'Continue with Coinbase',
  'fundingCoinbase.unavailable': 'Coinbase Onramp could not be reached',
} as const

const icon =
  '<svg viewBox="0 0 24 24" fill="none"><circle cx="12" cy="12" r="11" fill="#0052FF"/><path d="M12 7.5a4.5 4.5 0 1 0 4.43 5.25h-2.3a2.3 2.3 0 1 1 0-1.5h2.3A4.5 4.5 0 0 0 12 7.5z" fill="#fff"/></svg>'

/**
 * Coinbase Onramp: `plugins={[funding(), fundingCoinbase()]}` adds 'Coinbase Onramp' to 'Add funds' for its chains
 * (Ethereum, Base, Optimism, Polygon, Arbitrum); the app lists 'coinbase-onramp' in `funding_config.methods` and the
 * server loads fundingCoinbaseServer() with a CDP key.
 */
export function fundingCoinbase(options: FundingCoinbasePluginOptions = {}) {
  const optionChains = Object.fromEntries(Object.entries(options.chains ?? {}).map(([id, network]) => [String(id), network]))
  return definePlugin({
    id: 'funding-coinbase',
    kind: 'funding',
    api: () => import('./api.js').then((m) => m.fundingCoinbaseApi),
    // The screen reads the option's chains here.
    state: (): FundingCoinbaseState => ({ chains: optionChains }),
    screens: { onramp: { load: () => import('./screens/CoinbaseOnrampScreen.js'), title: 'fundingCoinbase.title' } },
    funding: {
      method: 'coinbase-onramp',
      label: 'fundingCoinbase.label',
      icon,
      order: options.order ?? 1,
      screen: 'funding-coinbase/onramp',
      // The kernel's app config may map more chains (its "funding-coinbase" section).
      supports: (request: FundingRequest, foyer: Foyer) => supportsCoinbase(request, coinbaseChainsOf(foyer, optionChains)),
    },
    errors: { COINBASE_ONRAMP_UNAVAILABLE: 'fundingCoinbase.unavailable' },
    texts: { ...fundingCoinbaseTexts, ...options.texts },
  })
}

export { coinbaseChainsOf, type FundingCoinbaseState, coinbaseNetworkOf, supportsCoinbase } from './onrampChains.js'
export { COINBASE_PROVIDER, COINBASE_STATUS_POLL_MS, COINBASE_STATUS_TIMEOUT_MS, coinbaseErrors, coinbaseFailureText } from './onrampExports.js'
export * from './fundingCoinbaseApiExports.js'
