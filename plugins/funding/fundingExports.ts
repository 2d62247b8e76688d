import {
  availableFundingSlots as availableSlots,
  buildFundingRequest as buildRequest,
  firstFundingScreen as firstScreen,
  FUNDING_SCREENS as screens,
  isValidAmount as validAmount,
  manualAvailable as manual,
  parseCaip2 as caip2,
  USDC_ADDRESSES as usdcAddresses,
  USDC_DECIMALS as usdcDecimals,
} from './fundingRequest.js'
import { fundingErrors as errors } from './fundingErrors.js'

// The plugin entry's request helpers: the same ones, bound here instead of re-exported from fundingRequest.ts. esbuild
// (--splitting) puts a module in the host's first load when a file the entry reaches imports or re-exports it and any
// chunk uses it, and fundWallet and the hub's screens use fundingRequest.ts: a module of its own that only hosts import
// keeps it with them, unless the host itself calls these.

/** The hub's screens: provider plugins navigate to these ids. */
export const FUNDING_SCREENS = screens
/** Circle's USDC (6 decimals) by chain id: Ethereum, Base, Optimism, Arbitrum, Polygon, and their Sepolia / Amoy testnets. */
export const USDC_ADDRESSES = usdcAddresses
/** USDC's decimals. */
export const USDC_DECIMALS = usdcDecimals
/** Whether `amount` is digits with at most one decimal point and greater than 0 (the spec's rule for the options). */
export const isValidAmount = validAmount
/** The numeric id of a CAIP-2 'eip155:{n}' chain, or the spec's error. */
export const parseCaip2 = caip2
/** The funding request fundWallet builds from its parameters and the app's config. */
export const buildFundingRequest = buildRequest
/** The methods 'Add funds' offers for a request: the app's methods that a loaded slot provides and supports, in order. */
export const availableFundingSlots = availableSlots
/** Whether 'Send funds manually' is offered for a request. */
export const manualAvailable = manual
/** Where fundWallet starts: the preferred method's screen, the only method's, or the selection. */
export const firstFundingScreen = firstScreen
/** The hub's error texts (spec §8 'Funding'). */
export const fundingErrors = errors
