import { formatUnits } from 'viem'

/** The largest ERC-20 allowance (2^256 − 1): shown as 'Maximum' (spec §9). */
export const MAX_UINT256 = 2n ** 256n - 1n
/** The text of the maximum allowance. */
export const MAXIMUM_TEXT = 'Maximum'
/** USD amounts (fees, totals) under a cent (spec §9). */
export const UNDER_A_CENT = '<$0.01'
/** The Details section's maximum height (spec §9). */
export const DETAILS_MAX_HEIGHT_PX = 700
/** The block explorer of a chain that names none: the main Ethereum explorer. */
export const DEFAULT_BLOCK_EXPLORER = 'https://etherscan.io'

/** A token amount in its units: 'Maximum' for 2^256 − 1, else the decimal value (up to `decimals`, trailing zeros dropped). */
export function formatTokenAmount(amount: bigint, decimals = 18): string {
  if (amount === MAX_UINT256) return MAXIMUM_TEXT
  return formatUnits(amount, decimals)
}

/** A native amount ('0.0021 ETH'): 4 significant digits under 1, 4 decimals above, '<0.000001' for dust. */
export function formatNativeAmount(wei: bigint, currency: { symbol: string; decimals: number }): string {
  if (wei === 0n) return `0 ${currency.symbol}`
  const value = Number(formatUnits(wei, currency.decimals))
  if (value < 0.000001) return `<0.000001 ${currency.symbol}`
  const text = value >= 1 ? value.toLocaleString('en-US', { maximumFractionDigits: 4 }) : String(Number(value.toPrecision(4)))
  return `${text} ${currency.symbol}`
}

/** A USD amount: '$1.23', '<$0.01' under a cent (a zero is '$0.00'). */
export function formatUsd(value: number): string {
  if (value > 0 && value < 0.01) return UNDER_A_CENT
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

/** wei at `usdPerToken` as USD. */
export function weiToUsd(wei: bigint, decimals: number, usdPerToken: number): number {
  return Number(formatUnits(wei, decimals)) * usdPerToken
}

/** How an amount of the native currency shows: '$x.xx' with a price and priceDisplay 'usd', else the native amount. */
export function formatPrice(wei: bigint, currency: { symbol: string; decimals: number }, usdPerToken: number | null): string {
  return usdPerToken === null ? formatNativeAmount(wei, currency) : formatUsd(weiToUsd(wei, currency.decimals, usdPerToken))
}

/** 0x1234…abcd. */
export const shortAddress = (address: string) => (address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address)

/** The explorer page of a transaction: the chain's explorer, else the main Ethereum one. */
export function explorerTxUrl(hash: string, chain?: { blockExplorers?: { default: { url: string } } }): string {
  const base = (chain?.blockExplorers?.default.url ?? DEFAULT_BLOCK_EXPLORER).replace(/\/+$/, '')
  return `${base}/tx/${hash}`
}
