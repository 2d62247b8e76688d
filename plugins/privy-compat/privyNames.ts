/**
 * Every public name of Privy's React SDK 3.x (`@privy-io/react-auth` 3.45, its `/solana` and `/smart-wallets` entries)
 * and what a host gets for it from Foyer's matching entry (`foyer/privy`, `foyer/privy/solana`,
 * `foyer/privy/smart-wallets`). The migration page (docs/migrate-from-privy.md) is generated from this table, and a
 * test checks that every name marked 'same' or 'differs' is exported by Foyer's entry.
 */
export type PrivyNameStatus =
  /** Exported under the same name with Privy's parameters and return shapes. */
  | { status: 'same' }
  /** Exported under the same name; `note` says what differs (a parameter ignored, a field missing). */
  | { status: 'differs'; note: string }
  /** Not exported: `note` says why (no Foyer feature behind it yet, or hosted-only) and what to use instead. */
  | { status: 'missing'; note: string }

/** Privy's module specifier → Foyer's. */
export const PRIVY_ENTRIES = {
  '@privy-io/react-auth': 'foyer/privy',
  '@privy-io/react-auth/solana': 'foyer/privy/solana',
  '@privy-io/react-auth/smart-wallets': 'foyer/privy/smart-wallets',
} as const

export type PrivyEntry = keyof typeof PRIVY_ENTRIES

export const privyNames: Record<PrivyEntry, Record<string, PrivyNameStatus>> = {
  '@privy-io/react-auth': {},
  '@privy-io/react-auth/solana': {},
  '@privy-io/react-auth/smart-wallets': {},
}
