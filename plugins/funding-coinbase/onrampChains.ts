import type { Foyer, FundingRequest } from '../../core/client/types.js'
import { COINBASE_ONRAMP_CHAINS, COINBASE_PAY_URL, type CoinbaseOnrampPublicConfig } from './coinbaseOnramp.js'

// What the plugin entry needs at page load (the funding slot's `supports`, the plugin state's chains), apart from the
// onramp flow in onrampFlow.ts: esbuild keeps a module whole in one chunk, so a module both the entry and the lazy
// onramp screen use would bring the whole flow into every first load.

/** The app's public `coinbase_onramp_config` (its `"funding-coinbase"` section), when the server sends one. */
export function coinbasePublicConfig(foyer: Foyer | null): CoinbaseOnrampPublicConfig | null {
  const raw = (foyer?.$config.peek()?.server as { coinbase_onramp_config?: unknown } | undefined)?.coinbase_onramp_config
  if (!raw || typeof raw !== 'object') return null
  const { pay_url, chains } = raw as Partial<CoinbaseOnrampPublicConfig>
  return {
    pay_url: typeof pay_url === 'string' && /^https?:\/\//.test(pay_url) ? pay_url : COINBASE_PAY_URL,
    chains: chains && typeof chains === 'object' ? Object.fromEntries(Object.entries(chains).filter(([, v]) => typeof v === 'string')) : {},
  }
}

/** The plugin's state (`foyer.pluginState('funding-coinbase')`): the option's extra chains. */
export interface FundingCoinbaseState {
  chains: Record<string, string>
}

/** The extra chain id → network names of a kernel: its app's `"funding-coinbase"` section, then the plugin option's. */
export function coinbaseChainsOf(foyer: Foyer, optionChains: Record<string, string> = {}): Record<string, string> {
  return { ...coinbasePublicConfig(foyer)?.chains, ...optionChains }
}

/** Coinbase's network name for an EVM chain id: §9's chains, then the extra ones (tests, forks), or null. */
export function coinbaseNetworkOf(chainId: number | undefined, extra: Record<string, string> = {}): string | null {
  if (chainId === undefined) return null
  return extra[String(chainId)] ?? COINBASE_ONRAMP_CHAINS[chainId] ?? null
}

/** The asset Coinbase sells for the request: the chain's coin, USDC, or a loaded ERC-20's symbol. */
export function coinbaseAssetOf(request: FundingRequest, network: string): string | null {
  if (request.asset === 'native-currency') return network === 'polygon' ? 'POL' : 'ETH'
  if (request.asset === 'USDC' || request.isUSDC) return 'USDC'
  return request.erc20ContractInfo?.symbol ?? null
}

/** Whether Coinbase Onramp can fund the request: an EVM chain it serves and an asset it sells. */
export function supportsCoinbase(request: FundingRequest, extra: Record<string, string> = {}): boolean {
  if (request.chainType !== 'ethereum') return false
  const network = coinbaseNetworkOf(request.chainId, extra)
  return network !== null && coinbaseAssetOf(request, network) !== null
}
