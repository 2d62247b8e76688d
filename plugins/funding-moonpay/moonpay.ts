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

/** §4 Moonpay statuses as the status view knows them. */
export type MoonpayStatus = 'pending' | 'failed' | 'completed' | 'awaitingAuthorization' | 'serviceFailure'

/** The status view's state: the last status (null before the transaction exists), the error strikes, whether polling stopped. */
export interface MoonpayPollState {
  status: MoonpayStatus | null
  strikes: number
  done: boolean
}
export const initialMoonpayPoll: MoonpayPollState = { status: null, strikes: 0, done: false }

/** One poll's outcome: Moonpay's transaction, a 404 (not created yet), or any other failure. */
export type MoonpayPollResult =
  | { kind: 'transaction'; transaction: { status?: unknown; paymentMethod?: unknown; cardPaymentType?: unknown } }
  | { kind: 'notFound' }
  | { kind: 'error' }

/**
 * Moonpay's raw status as one of ours: waitingAuthorization (also written awaitingAuthorization) of a card payment is
 * pending (the card's 3-D Secure step is part of the widget); otherwise the user has to go back to Moonpay to authorize.
 * waitingPayment and anything unknown are pending.
 */
export function moonpayStatusOf(transaction: { status?: unknown; paymentMethod?: unknown; cardPaymentType?: unknown }): MoonpayStatus {
  const raw = transaction.status
  if (raw === 'completed' || raw === 'failed') return raw
  if (raw === 'awaitingAuthorization' || raw === 'waitingAuthorization') {
    const card = transaction.cardPaymentType != null || (typeof transaction.paymentMethod === 'string' && /card/i.test(transaction.paymentMethod))
    return card ? 'pending' : 'awaitingAuthorization'
  }
  return 'pending'
}

/**
 * The status reducer (§4): a transaction sets its status and resets nothing else; a 404 keeps polling; the third
 * non-404 error is a serviceFailure. Polling stops on failed, completed, awaitingAuthorization and serviceFailure.
 */
export function moonpayPollStep(state: MoonpayPollState, result: MoonpayPollResult): MoonpayPollState {
  if (state.done) return state
  if (result.kind === 'notFound') return state
  if (result.kind === 'error') {
    const strikes = state.strikes + 1
    return strikes >= MOONPAY_ERROR_STRIKES ? { status: 'serviceFailure', strikes, done: true } : { ...state, strikes }
  }
  const status = moonpayStatusOf(result.transaction)
  return { ...state, status, done: status !== 'pending' }
}

/** Where the flow goes once polling stopped: the hub's status screen, or back to the selection with the error. */
export function moonpayOutcome(status: MoonpayStatus): { status: 'success' | 'in-progress' } | { error: string } | null {
  if (status === 'completed') return { status: 'success' }
  if (status === 'awaitingAuthorization') return { status: 'in-progress' }
  if (status === 'failed' || status === 'serviceFailure') return { error: MOONPAY_ERROR_TEXT }
  return null
}

/** Reads Moonpay's answer to GET /v1/transactions/ext/{id}: a list of transactions (the newest last) or one. */
export function moonpayTransactionOf(body: unknown): MoonpayPollResult {
  const list = Array.isArray(body) ? body : [body]
  const last = list.at(-1) as { status?: unknown } | undefined
  if (!last || typeof last !== 'object') return { kind: 'notFound' }
  return { kind: 'transaction', transaction: last }
}
