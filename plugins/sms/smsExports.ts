import { findPhoneAccount as find } from './smsCalls.js'

// The plugin entry's findPhoneAccount: bound here instead of re-exported from smsCalls.ts (see passkey/passkeyExports.ts),
// which the screens import, so that module stays out of the host's first load unless the host calls it.

/** The phone account with `number` (E.164) in a user's linked accounts. */
export const findPhoneAccount = find
