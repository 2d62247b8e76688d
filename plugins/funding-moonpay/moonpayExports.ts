import {
  initialMoonpayPoll as initialPoll,
  moonpayOutcome as outcome,
  moonpayPollStep as pollStep,
  moonpayStatusOf as statusOf,
  moonpayTransactionOf as transactionOf,
} from './moonpayPoll.js'

// The plugin entry's polling helpers: the same ones, bound here instead of re-exported from moonpayPoll.ts. esbuild
// (--splitting) puts a module in the host's first load when a file the entry reaches imports or re-exports it and any
// chunk uses it, and the Moonpay screen polls: a module of its own that only hosts import keeps the polling with the
// screen, unless the host itself calls these.

/** The status view's state before the first poll. */
export const initialMoonpayPoll = initialPoll
/** A Moonpay transaction's status as the status view knows it. */
export const moonpayStatusOf = statusOf
/** The next poll state after a poll's result: error strikes count up to a serviceFailure; polling stops on a final status. */
export const moonpayPollStep = pollStep
/** Where the flow goes once polling stopped: the hub's status screen, or back to the selection with the error. */
export const moonpayOutcome = outcome
/** Reads Moonpay's answer to GET /v1/transactions/ext/{id}: a list of transactions (the newest last) or one. */
export const moonpayTransactionOf = transactionOf
