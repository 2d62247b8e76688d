import { convenienceKey, type LinkedAccount, type User as FoyerUser } from '../../core/protocol/index.js'
import type { LinkedAccountWithMetadata, User } from './privyUser.js'

// The fields Privy types `… | null` that Foyer's server leaves out when it has no value: filled with null, so a
// ported app's `=== null` checks hold.
const NULLABLE: Record<string, readonly string[]> = {
  google_oauth: ['name'],
  twitter_oauth: ['username', 'name', 'profilePictureUrl'],
  discord_oauth: ['username', 'email'],
  github_oauth: ['username', 'name', 'email'],
  spotify_oauth: ['email', 'name'],
  instagram_oauth: ['username'],
  tiktok_oauth: ['username', 'name'],
  linkedin_oauth: ['name', 'email', 'vanityName'],
  farcaster: ['fid', 'username', 'displayName', 'bio', 'pfp', 'url', 'signerPublicKey'],
  telegram: ['firstName', 'lastName', 'username', 'photoUrl'],
}
// Fields Privy types as required booleans / numbers on every wallet and passkey.
const DEFAULTS: Record<string, Record<string, unknown>> = {
  wallet: { chainType: 'ethereum', imported: false, delegated: false, walletIndex: null },
  passkey: { enrolledInMfa: false },
}

const toDate = (seconds: unknown): Date | null => (typeof seconds === 'number' ? new Date(seconds * 1000) : null)

/** One of Foyer's linked accounts as Privy's `LinkedAccountWithMetadata` (dates as Date, nullable fields as null). */
export function toPrivyAccount(account: LinkedAccount): LinkedAccountWithMetadata {
  const filled: Record<string, unknown> = { ...DEFAULTS[account.type] }
  for (const field of NULLABLE[account.type] ?? []) filled[field] = null
  for (const [key, value] of Object.entries(account)) if (value !== undefined) filled[key] = value
  // The Telegram user id is a string in Privy's type; Foyer's server may store the widget's number.
  if (account.type === 'telegram' && typeof filled.telegramUserId === 'number') filled.telegramUserId = String(filled.telegramUserId)
  return {
    ...filled,
    verifiedAt: toDate(account.verifiedAt),
    firstVerifiedAt: toDate(account.firstVerifiedAt),
    latestVerifiedAt: toDate(account.latestVerifiedAt),
  } as unknown as LinkedAccountWithMetadata
}

const converted = new WeakMap<FoyerUser, User>()

/**
 * Foyer's user as Privy's `User`: `createdAt` a Date, linked accounts converted by toPrivyAccount, and the convenience
 * fields (`email`, `phone`, `google`, `farcaster`, …) the first converted account of each type. Memoized per user object.
 */
export function toPrivyUser(user: FoyerUser): User
export function toPrivyUser(user: FoyerUser | null): User | null
export function toPrivyUser(user: FoyerUser | null): User | null {
  if (!user) return null
  const known = converted.get(user)
  if (known) return known
  const linkedAccounts = user.linkedAccounts.map(toPrivyAccount)
  const privy: Record<string, unknown> = {
    ...user,
    createdAt: toDate(user.createdAt) ?? new Date(0),
    linkedAccounts,
    mfaMethods: user.mfaMethods,
  }
  // Replaces Foyer's convenience fields with the converted accounts (same rule: the first account of each type).
  const seen = new Set<string>()
  for (const account of linkedAccounts) {
    const key = convenienceKey(account.type)
    if (seen.has(key)) continue
    seen.add(key)
    privy[key] = account
  }
  const result = privy as unknown as User
  converted.set(user, result)
  return result
}
