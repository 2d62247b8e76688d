import { definePlugin } from '../../core/client/plugin.js'
import type { FundingRequest } from '../../core/client/types.js'
import { MOONPAY_ERROR_TEXT, MOONPAY_POLL_MS, supportsMoonpay, type FundingMoonpayState } from './moonpay.js'

/** Options of the Moonpay on-ramp. */
export interface FundingMoonpayPluginOptions {
  /** Sign with the server's sandbox keys (buy-sandbox.moonpay.com). Default false. */
  useSandbox?: boolean
  /** Moonpay's public API the status is polled at; default the server's answer (FOYER_MOONPAY_API_URL), else https://api.moonpay.com. */
  apiUrl?: string
  /** The status poll (§9: 3000 ms). */
  pollIntervalMs?: number
  /** Position on the method list. */
  order?: number
  texts?: Record<string, string>
}


/** The Moonpay method's English (§2, §8). */
export const fundingMoonpayTexts = {
  'fundingMoonpay.label': 'Moonpay',
  'fundingMoonpay.intro.title': 'Buy crypto with Moonpay',
  'fundingMoonpay.intro.subtitle': 'Pay with a card, bank transfer or Apple Pay. Moonpay opens in a new tab; come back here when you are done.',
  'fundingMoonpay.continue': 'Continue to Moonpay',
  'fundingMoonpay.status.waiting.title': 'Waiting for Moonpay',
  'fundingMoonpay.status.waiting.subtitle': 'Complete your purchase in the Moonpay tab.',
  'fundingMoonpay.reopen': 'Reopen Moonpay',
  'fundingMoonpay.error': MOONPAY_ERROR_TEXT,
  'fundingMoonpay.notConfigured': 'Moonpay is not configured on this server',
} as const

const icon =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="10" cy="13" r="7"/><circle cx="18.5" cy="5.5" r="2.5"/></svg>'

/**
 * The Moonpay on-ramp (a funding method): `plugins={[embeddedWallet(), funding(), fundingMoonpay()]}`, listed on
 * 'Add funds' when the app's funding_config methods include 'moonpay' and the request is on one of its chains and
 * assets. The server half `fundingMoonpayServer()` signs the widget URL.
 */
export function fundingMoonpay(options: FundingMoonpayPluginOptions = {}) {
  return definePlugin({
    id: 'funding-moonpay',
    kind: 'funding',
    api: () => import('./api.js').then((m) => m.moonpayApi),
    state: (): FundingMoonpayState => ({
      options: { useSandbox: options.useSandbox ?? false, pollIntervalMs: options.pollIntervalMs ?? MOONPAY_POLL_MS, ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}) },
    }),
    screens: { intro: { load: () => import('./screens/MoonpayScreen.js'), title: 'fundingMoonpay.intro.title' } },
    funding: {
      method: 'moonpay',
      label: 'fundingMoonpay.label',
      icon,
      order: options.order ?? 10,
      screen: 'funding-moonpay/intro',
      supports: (request: FundingRequest) => supportsMoonpay(request),
    },
    errors: { MOONPAY_NOT_CONFIGURED: 'fundingMoonpay.notConfigured' },
    texts: { ...fundingMoonpayTexts, ...options.texts },
  })
}

export * from './moonpay.js'
export { initialMoonpayPoll, moonpayStatusOf, moonpayPollStep, moonpayOutcome, moonpayTransactionOf } from './moonpayExports.js'
export type { MoonpayStatus, MoonpayPollState, MoonpayPollResult } from './moonpayPoll.js'
export * from './fundingMoonpayApiExports.js'
