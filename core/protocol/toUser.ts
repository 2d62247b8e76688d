import type { LinkedAccount, RawUser, User } from './user.js'

/** Convenience-field name for an account type (`google_oauth` → `google`, `sms` → `phone`). */
export function convenienceKey(type: string): string {
  if (type === 'sms') return 'phone'
  if (type === 'siwe' || type === 'siws') return 'wallet'
  if (type === 'custom_auth') return 'customAuth'
  if (type === 'cross_app') return 'crossApp'
  if (type === 'smart_wallet') return 'smartWallet'
  return type.replace(/_oauth$/, '')
}

/** Adds the convenience fields: the first account of each type, as Privy does. */
export function toUser(raw: RawUser): User {
  const user: User = { ...raw, linkedAccounts: raw.linkedAccounts as LinkedAccount[] }
  for (const account of user.linkedAccounts) {
    const key = convenienceKey(account.type)
    if (!(key in user)) user[key] = account
  }
  return user
}
