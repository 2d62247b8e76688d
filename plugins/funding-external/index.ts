import { definePlugin } from '../../core/client/plugin.js'
import { screenWith } from '../../core/client/screenWith.js'
import type { FundingRequest } from '../../core/client/types.js'
import { loadFundingKit } from '../funding/index.js'
import { EXTERNAL_WALLET_ICON, RELAY_API_URL, RELAY_QUOTE_PATH, supportsExternal, type FundingExternalState } from './externalSlot.js'

/** Options of the transfer from an external wallet. */
export interface FundingExternalPluginOptions {
  /** Relay's API the bridge quotes come from (default https://api.relay.link; testnets: https://api.testnets.relay.link). */
  relayUrl?: string
  /** The quote path on it: '/quote' (default) or the spec's '/execute/swap'. */
  quotePath?: string
  /** Position on the method list. */
  order?: number
  texts?: Record<string, string>
}

/** The method's English (§2, §8). */
export const fundingExternalTexts = {
  'fundingExternal.label': 'Transfer from wallet',
  'fundingExternal.title': 'Transfer from wallet',
  'fundingExternal.subtitle': 'Choose the wallet to send {amount} {symbol} from.',
  'fundingExternal.walletsLabel': 'Wallets',
  'fundingExternal.more': 'More wallets',
  'fundingExternal.none': 'No wallet found in this browser.',
  'fundingExternal.checking': 'Checking your balance…',
  'fundingExternal.confirm': 'Confirm the transfer in {wallet}. Waiting for it to complete…',
  'fundingExternal.bridge.title': 'Transfer from another network',
  'fundingExternal.bridge.subtitle': 'Your wallet has no funds on this network. Choose the network to bridge from.',
  'fundingExternal.bridge.back': 'Back',
} as const

/**
 * Transfer from wallet (a funding method): `plugins={[embeddedWallet(), funding(), fundingExternal()]}`, listed on
 * 'Add funds' when the app's funding_config methods include 'external'. The user picks an external wallet, which
 * sends the amount on the request's chain: an EVM wallet the native currency or the ERC-20 (USDC), a Solana wallet SOL.
 * Without funds there and with funding_config.cross_chain_bridging_enabled, a Relay bridge quote is paid instead: from
 * another configured EVM chain (native, or USDC to USDC), from Solana to an EVM chain, or from an EVM chain to Solana
 * (Relay's chain 792703809: mainnet-beta only, Solana testnets are not bridged). Client only; Solana transactions are
 * compiled without @solana/web3.js and signed by the wallet (wallet-standard).
 */
export function fundingExternal(options: FundingExternalPluginOptions = {}) {
  return definePlugin({
    id: 'funding-external',
    kind: 'funding',
    state: (): FundingExternalState => ({ options: { relayUrl: options.relayUrl ?? RELAY_API_URL, quotePath: options.quotePath ?? RELAY_QUOTE_PATH } }),
    screens: {
      transfer: { load: screenWith(() => import('./screens/TransferScreen.js'), loadFundingKit), title: 'fundingExternal.title' },
      bridge: { load: () => import('./screens/BridgeScreen.js'), title: 'fundingExternal.bridge.title' },
    },
    funding: {
      method: 'external',
      label: 'fundingExternal.label',
      icon: EXTERNAL_WALLET_ICON,
      order: options.order ?? 5,
      screen: 'funding-external/transfer',
      supports: (request: FundingRequest) => supportsExternal(request),
    },
    texts: { ...fundingExternalTexts, ...options.texts },
  })
}

export * from './externalSlot.js'
