import { mfaErrorText as errorText } from './mfaErrorText.js'
import { formatMfaWindow as formatWindow, mfaWindowSeconds as windowSeconds, noteMfaVerified as noteVerified } from './mfaWindow.js'

// The plugin entry's error text and window helpers: the same ones, bound here instead of re-exported from
// mfaErrorText.ts and mfaWindow.ts. esbuild (--splitting) puts a module in the host's first load when a file the entry
// reaches imports or re-exports it and any chunk uses it, and the verify screen and the enrollment kit use both: a
// module of its own that only hosts import keeps them with those, unless the host itself calls these.

/** §8: a failed verification's text by the error's code; anything else 'Something went wrong.' */
export const mfaErrorText = errorText
/** How long a verification lets this session through: the app config's `mfa_window_seconds`, else the default. */
export const mfaWindowSeconds = windowSeconds
/** An MFA window in words: under a minute in seconds, else in whole minutes, rounded down. */
export const formatMfaWindow = formatWindow
/** Notes, in the MFA hub's state, that the signed-in user's verification passed; `at` is when its call left. */
export const noteMfaVerified = noteVerified
