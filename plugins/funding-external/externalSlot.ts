import type { FundingRequest } from '../../core/client/types.js'

// What the plugin's first load needs (its slot, defaults and state type), apart from the viem-backed transfer code.

/** Relay's public API (mainnets); testnets are at https://api.testnets.relay.link. */
export const RELAY_API_URL = 'https://api.relay.link'
/** The quote path the issue names; the spec's '/execute/swap' is taken with `quotePath`. */
export const RELAY_QUOTE_PATH = '/quote'
/** The native currency in Relay's currency fields. */
export const NATIVE_CURRENCY = '0x0000000000000000000000000000000000000000'

/** Relay's chain id for Solana (a bridge to or from Solana mainnet-beta; Solana testnets are not bridged). */
export const RELAY_SOLANA_CHAIN_ID = 792703809
/** Relay's currency id of native SOL. */
export const RELAY_SOL_CURRENCY = '11111111111111111111111111111111'

/** What the transfer screen reads of the plugin's state. */
export interface FundingExternalState {
  options: { relayUrl: string; quotePath: string }
}

/**
 * Whether a transfer from a wallet can fund this request: SOL on a Solana cluster; on EVM chains the native currency,
 * or an ERC-20 (USDC) when its address is known.
 */
export function supportsExternal(request: FundingRequest): boolean {
  if (request.chainType === 'solana') return request.asset === 'native-currency'
  if (!request.chainId) return false
  if (request.asset === 'native-currency') return true
  return Boolean(request.erc20Address)
}

/** A wallet: the method's row on 'Add funds', and the transfer screen's wallets that bring no icon of their own. */
export const EXTERNAL_WALLET_ICON =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="2" y="6" width="20" height="14" rx="2"/><path d="M16 13h2"/><path d="M2 10h20"/></svg>'
