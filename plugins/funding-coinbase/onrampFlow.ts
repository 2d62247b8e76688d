import type { Foyer, FundingRequest } from '../../core/client/types.js'
import { AbortError, BaseError, FlowError } from '../../core/errors/index.js'
import { fundingCoinbaseCalls } from './fundingCoinbaseCalls.js'
import { coinbaseAssetOf, coinbaseNetworkOf, coinbasePublicConfig } from './onrampChains.js'
import { COINBASE_PAY_URL, type CoinbaseOnrampSession } from './schema.js'

export { coinbaseAssetOf, coinbaseChainsOf, coinbaseNetworkOf, coinbasePublicConfig, supportsCoinbase, type FundingCoinbaseState } from './onrampChains.js'

/** §9: the pay page's popup size, the delay before it loads, the status poll. */
export const COINBASE_POPUP_WIDTH = 440
export const COINBASE_POPUP_HEIGHT = 680
export const COINBASE_START_DELAY_MS = 500
export const COINBASE_STATUS_POLL_MS = 1500
/**
 * The spec shows no maximum attempt count: Foyer stops polling 5 minutes after the popup closes (200 polls), long
 * enough for a card purchase to settle at Coinbase, then reports the timeout.
 */
export const COINBASE_STATUS_TIMEOUT_MS = 300_000
/** How often the flow checks whether the popup is still open. */
export const COINBASE_POPUP_CHECK_MS = 300

/** The provider's name on the hub's status screen. */
export const COINBASE_PROVIDER = 'Coinbase Onramp'

/** §8 Coinbase texts. */
export const coinbaseErrors = {
  failure: 'Something went wrong adding funds from Coinbase Onramp. Please try again or use another method to fund your wallet.',
  unsupportedChain: (chainId: number | string | undefined) => `Unsupported chainId ${chainId} for Coinbase Onramp`,
  initiate: 'Unable to initiate Coinbase Onramp flow.',
  completing: 'There was an error completing Coinbase Onramp flow.',
  timeout: 'Timed out waiting for transaction response from Coinbase Onramp.',
} as const

/** Error codes the flow reports. */
export const coinbaseFlowErrorCodes = { unsupportedChain: 'COINBASE_ONRAMP_UNSUPPORTED_CHAIN', initiate: 'COINBASE_ONRAMP_INIT_FAILED', completing: 'COINBASE_ONRAMP_FAILED', timeout: 'COINBASE_ONRAMP_TIMEOUT' } as const

/** The text the method selection shows for a failed flow: the flow's §8 Coinbase text, else the general Coinbase failure. */
export function coinbaseFailureText(error: unknown): string {
  const codes: readonly string[] = Object.values(coinbaseFlowErrorCodes)
  return error instanceof BaseError && codes.includes(error.code) ? error.shortMessage : coinbaseErrors.failure
}

/** The statuses of §4 'Coinbase onramp statuses'. */
export type CoinbaseOnrampFlowStatus = 'pending-in-flow' | 'pending-after-flow' | 'success' | 'error'

/** The pay page's URL with the spec's parameters (§7). */
export function coinbasePayUrl(payUrl: string, session: CoinbaseOnrampSession, request: FundingRequest, network: string): string {
  const url = new URL(payUrl)
  url.searchParams.set('appId', session.app_id)
  url.searchParams.set('sessionToken', session.session_token)
  url.searchParams.set('defaultExperience', 'buy')
  url.searchParams.set('presetCryptoAmount', request.amount)
  url.searchParams.set('defaultNetwork', network)
  url.searchParams.set('partnerUserId', session.partner_user_id)
  return url.href
}

/** Opens the blank popup the pay page loads into; must run in a click handler (null when the browser blocks it). */
export function openCoinbasePopup(): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - COINBASE_POPUP_WIDTH) / 2))
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - COINBASE_POPUP_HEIGHT) / 2))
  const popup = window.open('about:blank', 'foyer-coinbase-onramp', `popup=yes,width=${COINBASE_POPUP_WIDTH},height=${COINBASE_POPUP_HEIGHT},left=${left},top=${top}`)
  // The pay page gets no handle on this page.
  if (popup) {
    try {
      popup.opener = null
    } catch {
      // Not ours to change (a reused window of another origin): it keeps its own.
    }
  }
  return popup
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError())
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop)
      resolve()
    }, ms)
    const stop = () => {
      clearTimeout(timer)
      reject(new AbortError())
    }
    signal?.addEventListener('abort', stop, { once: true })
  })

/** Options of runCoinbaseOnramp (the timings default to §9's). */
export interface CoinbaseOnrampRunOptions {
  signal?: AbortSignal
  onStatus?: (status: CoinbaseOnrampFlowStatus) => void
  /** The pay page (default: the app's public config, else Coinbase's). */
  payUrl?: string
  /** Extra chain id → network names. */
  chains?: Record<string, string>
  startDelayMs?: number
  pollMs?: number
  timeoutMs?: number
  popupCheckMs?: number
}

/**
 * The Coinbase Onramp flow in an opened popup: init (a session token for the user's wallet), the pay page in the popup
 * after the start delay ('pending-in-flow'), then, once the popup closes, the status polled every 1500 ms
 * ('pending-after-flow') until success. Failures throw FlowError with §8's texts (the popup is closed on an init failure).
 */
export async function runCoinbaseOnramp(foyer: Foyer, request: FundingRequest, popup: Window | null, options: CoinbaseOnrampRunOptions = {}): Promise<'success'> {
  const { signal } = options
  const config = coinbasePublicConfig(foyer)
  const chains = { ...config?.chains, ...options.chains }
  const network = coinbaseNetworkOf(request.chainId, chains)
  const fail = (text: string, code: string, cause?: unknown) => new FlowError(text, code, cause === undefined ? {} : { cause })
  if (!network) {
    popup?.close()
    throw fail(coinbaseErrors.unsupportedChain(request.chainId), coinbaseFlowErrorCodes.unsupportedChain)
  }
  if (!popup) throw fail(coinbaseErrors.initiate, coinbaseFlowErrorCodes.initiate)
  options.onStatus?.('pending-in-flow')
  const asset = coinbaseAssetOf(request, network)
  let session: CoinbaseOnrampSession
  try {
    const started = Date.now()
    session = await fundingCoinbaseCalls.init(foyer, { addresses: [{ address: request.address, blockchains: [network] }], ...(asset ? { assets: [asset] } : {}) }, signal ? { signal } : {})
    await sleep(Math.max(0, (options.startDelayMs ?? COINBASE_START_DELAY_MS) - (Date.now() - started)), signal)
    if (popup.closed) throw new Error('the popup was closed before the pay page loaded')
    popup.location.href = coinbasePayUrl(options.payUrl ?? config?.pay_url ?? COINBASE_PAY_URL, session, request, network)
  } catch (e) {
    popup.close()
    if (e instanceof AbortError) throw e
    throw fail(coinbaseErrors.initiate, coinbaseFlowErrorCodes.initiate, e)
  }
  // pending-in-flow: the user is at Coinbase until the popup closes.
  while (!popup.closed) await sleep(options.popupCheckMs ?? COINBASE_POPUP_CHECK_MS, signal)
  options.onStatus?.('pending-after-flow')
  const deadline = Date.now() + (options.timeoutMs ?? COINBASE_STATUS_TIMEOUT_MS)
  const pollMs = options.pollMs ?? COINBASE_STATUS_POLL_MS
  for (;;) {
    let status: string | null = null
    try {
      status = (await fundingCoinbaseCalls.status(foyer, undefined, { query: { partnerUserId: session.partner_user_id }, ...(signal ? { signal } : {}) })).status
    } catch (e) {
      if (e instanceof AbortError || signal?.aborted) throw e instanceof AbortError ? e : new AbortError()
      // A failed poll is retried until the deadline, like a pending one.
    }
    if (status === 'success') {
      options.onStatus?.('success')
      return 'success'
    }
    if (status === 'failure') throw fail(coinbaseErrors.completing, coinbaseFlowErrorCodes.completing)
    if (Date.now() + pollMs > deadline) throw fail(coinbaseErrors.timeout, coinbaseFlowErrorCodes.timeout)
    await sleep(pollMs, signal)
  }
}
