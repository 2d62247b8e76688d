import type { FundingRequest } from '../../core/client/types.js'

/** What the plugin's screens read of its options (`usePluginState('funding-moonpay')`). */
export interface FundingMoonpayState {
  options: { useSandbox: boolean; pollIntervalMs: number; apiUrl?: string }
}

/** §9: the Moonpay status poll, and the polling errors (not 404) that end it as a service failure. */
export const MOONPAY_POLL_MS = 3000
export const MOONPAY_ERROR_STRIKES = 3
/** Moonpay's public API (the transaction status the client polls with the publishable key). */
export const MOONPAY_API_URL = 'https://api.moonpay.com'
/** §8: the text the method selection shows when Moonpay fails. */
export const MOONPAY_ERROR_TEXT = 'Something went wrong adding funds from Moonpay. Please try again or use another method to fund your wallet.'
/** §9: the default on-ramp currency, and the one of chains Moonpay has no code for. */
export const MOONPAY_DEFAULT_CURRENCY = 'ETH_ETHEREUM'

/** §9 Moonpay currency codes by EVM chain id: the native currency and USDC (where Moonpay lists it). */
export const MOONPAY_CURRENCY_CODES: Readonly<Record<number, { native: string; USDC?: string }>> = {
  1: { native: 'ETH_ETHEREUM', USDC: 'USDC_ETHEREUM' },
  42161: { native: 'ETH_ARBITRUM', USDC: 'USDC_ARBITRUM' },
  43114: { native: 'AVAX_CCHAIN' },
  8453: { native: 'ETH_BASE', USDC: 'USDC_BASE' },
  42220: { native: 'CELO_CELO' },
  137: { native: 'MATIC_POLYGON', USDC: 'USDC_POLYGON' },
}
/** §9 on-ramp chains: Moonpay is offered on ethereum, arbitrum, base and polygon (and Solana mainnet). */
export const MOONPAY_CHAIN_IDS: readonly number[] = [1, 42161, 8453, 137]

/** The Moonpay currency code of a funding request (the host's override first; unsupported chains default to Ethereum). */
export function moonpayCurrencyCode(request: Pick<FundingRequest, 'chainType' | 'chainId' | 'asset' | 'isUSDC' | 'moonpayConfigOverride'>): string {
  if (request.moonpayConfigOverride?.currencyCode) return request.moonpayConfigOverride.currencyCode
  if (request.chainType === 'solana') return 'SOL'
  const usdc = request.asset === 'USDC' || request.isUSDC === true
  const codes = MOONPAY_CURRENCY_CODES[request.chainId ?? 1] ?? MOONPAY_CURRENCY_CODES[1]!
  if (usdc) return codes.USDC ?? MOONPAY_CURRENCY_CODES[1]!.USDC!
  return codes.native
}

/** Whether Moonpay can fund the request: its chains (Solana: mainnet only) and assets (native currency, USDC where listed). */
export function supportsMoonpay(request: FundingRequest): boolean {
  if (request.moonpayConfigOverride?.currencyCode) return true
  if (request.chainType === 'solana') return (request.cluster ?? 'mainnet-beta') === 'mainnet-beta' && request.asset === 'native-currency'
  if (request.chainId === undefined || !MOONPAY_CHAIN_IDS.includes(request.chainId)) return false
  const codes = MOONPAY_CURRENCY_CODES[request.chainId]!
  if (request.asset === 'native-currency') return true
  return (request.asset === 'USDC' || request.isUSDC === true) && codes.USDC !== undefined
}
