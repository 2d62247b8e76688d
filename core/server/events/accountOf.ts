import type { AccountInput } from '../users.js'

/** An account as an event carries it: its type and the spec fields the API shows (an e-mail address, a wallet address). */
export function accountOf(account: AccountInput): Record<string, unknown> {
  return { ...account.data, type: account.type }
}
