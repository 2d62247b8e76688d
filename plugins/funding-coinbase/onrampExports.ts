import {
  COINBASE_PROVIDER as provider,
  COINBASE_STATUS_POLL_MS as pollMs,
  COINBASE_STATUS_TIMEOUT_MS as timeoutMs,
  coinbaseErrors as errors,
  coinbaseFailureText as failureText,
} from './onrampFlow.js'

// The plugin entry's onramp constants and texts: the same ones, bound here instead of re-exported from onrampFlow.ts.
// esbuild (--splitting) puts a module in the host's first load when a file the entry reaches imports or re-exports it
// and any chunk uses it, and the onramp screen runs the flow: a module of its own that only hosts import keeps the
// popup and polling code with the screen, unless the host itself reads these.

/** The provider name the funding status screen shows. */
export const COINBASE_PROVIDER = provider
/** How often the onramp's status is polled (ms). */
export const COINBASE_STATUS_POLL_MS = pollMs
/** How long the onramp's status is polled before giving up (ms). */
export const COINBASE_STATUS_TIMEOUT_MS = timeoutMs
/** The onramp's English failure texts (§8). */
export const coinbaseErrors = errors
/** The text the method selection shows for a failed flow: the flow's §8 Coinbase text, else the general Coinbase failure. */
export const coinbaseFailureText = failureText
