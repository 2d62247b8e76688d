import { MOONPAY_ERROR_STRIKES, MOONPAY_ERROR_TEXT } from './moonpay.js'

// The status view's polling (the Moonpay screen's), apart from moonpay.ts, which the plugin entry needs at page load
// (the funding slot's `supports`): esbuild keeps a module whole in one chunk, so a module both the entry and the lazy
// screen use would bring the polling into every first load.

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
