/**
 * §9 'On-ramp chains': Coinbase Onramp's networks by EVM chain id. Tests (and self-hosters of a fork chain) add
 * more with the app's `"funding-coinbase": { "chains": { "31337": "base" } }` section or the client's `chains` option.
 */
export const COINBASE_ONRAMP_CHAINS: Readonly<Record<number, string>> = { 1: 'ethereum', 8453: 'base', 10: 'optimism', 137: 'polygon', 42161: 'arbitrum' }

/** The pay page (§7), overridable by the app's section (`pay_url`) for tests. */
export const COINBASE_PAY_URL = 'https://pay.coinbase.com/buy/select-asset'

/** What the app's public config carries for the client (`coinbase_onramp_config`): never a key, only where to go. */
export interface CoinbaseOnrampPublicConfig {
  pay_url: string
  chains: Record<string, string>
}
