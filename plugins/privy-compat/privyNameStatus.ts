/** What a host gets from Foyer's compat entry for one of Privy's public names. */
export type PrivyNameStatus =
  /** Exported under the same name with Privy's parameters and return shapes. */
  | { status: 'same' }
  /** Exported under the same name; `note` says what differs (a parameter ignored, a field missing). */
  | { status: 'differs'; note: string }
  /** Not exported: `note` says why (no Foyer feature behind it yet, or hosted-only) and what to use instead. */
  | { status: 'missing'; note: string }

/** 'same'. */
export const same: PrivyNameStatus = { status: 'same' }
/** 'differs', and how. */
export const differs = (note: string): PrivyNameStatus => ({ status: 'differs', note })
/** 'missing', why, and what instead. */
export const missing = (note: string): PrivyNameStatus => ({ status: 'missing', note })
