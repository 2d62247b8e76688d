import { BaseError } from '../../core/errors/index.js'
import type { Foyer, FundingMethodSlot, FundingRequest } from '../../core/client/types.js'
import type { SupportedChain } from '../../core/client/wallets/supportedChain.js'
import { AMOUNT_PATTERN, type FundingConfig } from './schema.js'
import { fundingErrors } from './fundingErrors.js'

/** An asset of fundWallet (Privy's): the chain's own currency, USDC, or an ERC-20 by address. */
export type FundingAsset = 'native-currency' | 'USDC' | { erc20: `0x${string}` }

/** Options of fundWallet (Privy's `FundWalletConfig`, the parts Foyer reads). */
export interface FundWalletOptions {
  /** CAIP-2 chain id 'eip155:{n}' (a viem Chain object is also taken). Default the app's default_recommended_currency.chain. */
  chain?: string | { id: number }
  /** Solana wallets: the cluster ('mainnet-beta' default, 'devnet', 'testnet'). */
  cluster?: { name: string }
  /** Decimal string > 0. Default the app's default_recommended_amount. */
  amount?: string
  asset?: FundingAsset
  /** Opens this method's screen directly when it is offered ('manual', 'moonpay', …). */
  defaultFundingMethod?: string
  /** Texts of the hub's screens: `landing.title`, `receiveFundsTitle`, `receiveFundsSubtitle` (see FundingRequest). */
  uiConfig?: FundingRequest['uiConfig']
  moonpayConfigOverride?: FundingRequest['moonpayConfigOverride']
}

/** fundWallet's parameters: `{ address, options }` (Privy v3). `fundWallet(address, options)` (Privy v2) is also taken. */
export interface FundWalletParameters {
  address: string
  options?: FundWalletOptions
}

/** Circle's USDC (6 decimals) by chain id: Ethereum, Base, Optimism, Arbitrum, Polygon, and their Sepolia / Amoy testnets. */
export const USDC_ADDRESSES: Readonly<Record<number, `0x${string}`>> = {
  1: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  8453: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  10: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
  42161: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  137: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
  11155111: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
  84532: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  11155420: '0x5fd84259d66Cd46123540766Be93DFE6D43130D7',
  421614: '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d',
  80002: '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582',
}
export const USDC_DECIMALS = 6

/** Names of well-known chains, for a chain the host configured without one. */
const KNOWN_CHAIN_NAMES: Record<number, string> = {
  1: 'Ethereum', 8453: 'Base', 10: 'OP Mainnet', 42161: 'Arbitrum One', 137: 'Polygon', 11155111: 'Sepolia',
  84532: 'Base Sepolia', 11155420: 'OP Sepolia', 421614: 'Arbitrum Sepolia', 80002: 'Polygon Amoy',
}

const fail = (text: string, code: string) => new BaseError(text, { code })

/** Whether `amount` is digits with at most one decimal point and greater than 0 (the spec's rule for the options). */
export function isValidAmount(amount: string): boolean {
  return AMOUNT_PATTERN.test(amount) && Number(amount) > 0
}

/** The numeric id of a CAIP-2 'eip155:{n}' chain, or the spec's error. */
export function parseCaip2(chain: string): number {
  const match = /^eip155:(\d+)$/.exec(chain)
  const id = match ? Number(match[1]) : NaN
  if (!Number.isSafeInteger(id) || id <= 0) throw fail(fundingErrors.caip2, 'INVALID_CHAIN_ID')
  return id
}

/** What validation and request building read of the kernel (a plain object in unit tests). */
export interface FundingEnv {
  config: FundingConfig | null
  /** The host's chains (supportedChains plus defaultChain). */
  chains: readonly Pick<SupportedChain, 'id' | 'name'>[]
  /** Extra USDC addresses by chain id (a local test token on anvil). */
  usdcAddresses?: Record<number, `0x${string}`>
  /** Solana RPC URLs by cluster (`funding({ solanaRpcUrls })`). */
  solanaRpcUrls?: Record<string, string>
}

/** The RPC URL of a Solana cluster: the host's, else the cluster's public endpoint. */
export function solanaRpcUrlOf(env: Pick<FundingEnv, 'solanaRpcUrls'>, cluster: string): string {
  return env.solanaRpcUrls?.[cluster] ?? `https://api.${cluster}.solana.com`
}

/** USDC's address on each of the host's chains where it is known. */
function usdcByChain(env: FundingEnv): Record<number, `0x${string}`> {
  const known: Record<number, `0x${string}`> = {}
  for (const chain of env.chains) {
    const address = env.usdcAddresses?.[chain.id] ?? USDC_ADDRESSES[chain.id]
    if (address) known[chain.id] = address
  }
  return known
}

/** The display name of a chain id (the host's name for it, a known one, or 'Chain {id}'). */
export function chainName(env: Pick<FundingEnv, 'chains'>, chainId: number): string {
  return env.chains.find((c) => c.id === chainId)?.name ?? KNOWN_CHAIN_NAMES[chainId] ?? `Chain ${chainId}`
}

/** The uiConfig fields the hub reads, when they are strings (anything else is left out). */
function uiConfigOf(raw: unknown): { uiConfig?: NonNullable<FundingRequest['uiConfig']> } {
  if (!raw || typeof raw !== 'object') return {}
  const { landing, receiveFundsTitle, receiveFundsSubtitle } = raw as Record<string, unknown>
  const title = landing && typeof landing === 'object' ? (landing as { title?: unknown }).title : undefined
  const uiConfig = {
    ...(typeof title === 'string' ? { landing: { title } } : {}),
    ...(typeof receiveFundsTitle === 'string' ? { receiveFundsTitle } : {}),
    ...(typeof receiveFundsSubtitle === 'string' ? { receiveFundsSubtitle } : {}),
  }
  return Object.keys(uiConfig).length ? { uiConfig } : {}
}

const isEvmAddress = (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address)
const isSolanaAddress = (address: string) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)

/**
 * Checks a fundWallet call and makes its FundingRequest (before token details are read): funding enabled, the
 * address, the chain (CAIP-2 and configured) or Solana cluster, the amount, the asset. Throws the spec's errors.
 */
export function buildFundingRequest(env: FundingEnv, params: FundWalletParameters): FundingRequest {
  const config = env.config
  if (!config) throw fail(fundingErrors.walletFundingNotEnabled, 'FUNDING_NOT_ENABLED')
  if (!config.methods.length) throw fail(fundingErrors.fundingWalletNotEnabled, 'FUNDING_NOT_ENABLED')
  const address = typeof params?.address === 'string' ? params.address.trim() : ''
  const options = params?.options ?? {}
  const amount = (options.amount ?? config.default_recommended_amount).trim()
  if (!isValidAmount(amount)) throw fail(fundingErrors.invalidAmount, 'INVALID_AMOUNT')
  const extra = {
    ...(options.defaultFundingMethod ? { method: options.defaultFundingMethod } : {}),
    ...uiConfigOf(options.uiConfig),
    ...(options.moonpayConfigOverride ? { moonpayConfigOverride: options.moonpayConfigOverride } : {}),
  }
  if (!isEvmAddress(address)) {
    if (!isSolanaAddress(address)) throw fail(fundingErrors.invalidAddress, 'INVALID_ADDRESS')
    const cluster = options.cluster?.name ?? 'mainnet-beta'
    if (!['mainnet-beta', 'devnet', 'testnet'].includes(cluster)) throw fail(`Unsupported Solana cluster ${cluster}`, 'INVALID_CHAIN_ID')
    const asset = options.asset ?? 'native-currency'
    if (asset !== 'native-currency') throw fail(fundingErrors.unsupportedAsset, 'UNSUPPORTED_ASSET')
    return { chainType: 'solana', address, amount, cluster, asset, solanaRpcUrl: solanaRpcUrlOf(env, cluster), ...extra }
  }
  const rawChain = options.chain ?? config.default_recommended_currency.chain
  const chainId = typeof rawChain === 'object' && rawChain !== null ? Number(rawChain.id) : parseCaip2(String(rawChain))
  const allowed = env.chains.length ? env.chains.some((c) => c.id === chainId) : chainId === 1
  if (!allowed) throw fail(fundingErrors.chainNotConfigured(chainId), 'UNSUPPORTED_CHAIN')
  const asset = options.asset ?? (options.chain === undefined && config.default_recommended_currency.asset === 'USDC' ? 'USDC' : 'native-currency')
  const base: FundingRequest = { chainType: 'ethereum', address, amount, chainId, asset, solanaRpcUrl: solanaRpcUrlOf(env, 'mainnet-beta'), ...extra }
  if (asset === 'native-currency') return base
  if (asset === 'USDC') {
    const usdc = env.usdcAddresses?.[chainId] ?? USDC_ADDRESSES[chainId]
    // Without USDC's address on this chain only the methods that don't send the token themselves can fund it (an
    // on-ramp buying USDC by its code); Transfer from wallet and the manual transfer's balance need the address.
    const usdcRequest: FundingRequest = { ...base, erc20ContractInfo: { symbol: 'USDC', decimals: USDC_DECIMALS }, isUSDC: true, usdcByChain: usdcByChain(env) }
    return usdc ? { ...usdcRequest, erc20Address: usdc } : usdcRequest
  }
  if (typeof asset === 'object' && asset && isEvmAddress(asset.erc20)) return { ...base, erc20Address: asset.erc20 }
  throw fail(fundingErrors.unsupportedAsset, 'UNSUPPORTED_ASSET')
}

/** The methods 'Add funds' offers for `request`: the app's methods that a loaded slot provides and supports, in order. */
export function availableFundingSlots(slots: readonly FundingMethodSlot[], methods: readonly string[], request: FundingRequest, foyer: Foyer): FundingMethodSlot[] {
  return slots
    .filter((s) => methods.includes(s.method) && s.method !== 'manual' && (s.supports ? safeSupports(s, request, foyer) : true))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || methods.indexOf(a.method) - methods.indexOf(b.method))
}

const safeSupports = (slot: FundingMethodSlot, request: FundingRequest, foyer: Foyer) => {
  try {
    return slot.supports!(request, foyer)
  } catch {
    return false
  }
}

/**
 * Whether 'Send funds manually' is offered: the app lists 'manual' and the hub can watch the balance (the native
 * currency, or a token at a known address — not USDC on a chain whose USDC address is unknown).
 */
export function manualAvailable(methods: readonly string[], request: FundingRequest): boolean {
  return methods.includes('manual') && (request.chainType === 'solana' || request.asset === 'native-currency' || Boolean(request.erc20Address))
}

/** Where fundWallet starts: the preferred method's screen, the only method's, or the selection; none → the spec's error. */
export function firstFundingScreen(slots: readonly FundingMethodSlot[], methods: readonly string[], request: FundingRequest, foyer: Foyer): string {
  const offered = availableFundingSlots(slots, methods, request, foyer)
  const manual = manualAvailable(methods, request)
  const preferred = request.method === 'manual' && manual ? FUNDING_SCREENS.manual : offered.find((s) => s.method === request.method)?.screen
  if (preferred) return preferred
  if (offered.length + (manual ? 1 : 0) === 0) throw fail(fundingErrors.fundingWalletNotEnabled, 'FUNDING_NOT_ENABLED')
  if (offered.length === 1 && !manual) return offered[0]!.screen
  if (!offered.length && manual) return FUNDING_SCREENS.manual
  return FUNDING_SCREENS.select
}

/** The hub's screens: provider plugins navigate to these ids. */
export const FUNDING_SCREENS = { select: 'funding/select', manual: 'funding/manual', status: 'funding/status' } as const

/** The ERC-20's symbol and decimals read from the chain; 'Unable to fetch token details' when they can't be. */
export async function withTokenDetails(request: FundingRequest, read: (address: `0x${string}`) => Promise<{ symbol: string; decimals: number }>): Promise<FundingRequest> {
  if (!request.erc20Address || request.erc20ContractInfo) return request
  try {
    return { ...request, erc20ContractInfo: await read(request.erc20Address) }
  } catch (cause) {
    throw new BaseError(fundingErrors.tokenDetails, { code: 'TOKEN_DETAILS_UNAVAILABLE', cause })
  }
}

/** A decimal amount in base units (extra decimals are cut): toBaseUnits('0.05', 18). */
export function toBaseUnits(amount: string, decimals: number): bigint {
  const [whole = '', fraction = ''] = amount.split('.')
  return BigInt((whole || '0') + fraction.slice(0, decimals).padEnd(decimals, '0'))
}

/** Base units as a decimal string with at most `shown` decimals (no trailing zeros). */
export function fromBaseUnits(value: bigint, decimals: number, shown = 6): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).slice(0, shown).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Whether the balance grew by the requested amount since the transfer screen opened. */
export function hasArrived(initial: bigint, current: bigint, amount: string, decimals: number): boolean {
  return current - initial >= toBaseUnits(amount, decimals)
}
