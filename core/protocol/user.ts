import * as v from 'valibot'

/** Epoch seconds. */
const Seconds = v.number()

/** Fields every linked account carries. */
const accountBase = {
  verifiedAt: Seconds,
  firstVerifiedAt: v.nullable(Seconds),
  latestVerifiedAt: v.nullable(Seconds),
}

export const EmailAccountSchema = v.object({ type: v.literal('email'), address: v.string(), ...accountBase })
export type EmailAccount = v.InferOutput<typeof EmailAccountSchema>

/**
 * A linked account. Plugins add their own types; the kernel knows the common shape (a `type`
 * plus the spec's fields) and keeps unknown fields as they come.
 */
export const LinkedAccountSchema = v.looseObject({ type: v.string(), ...accountBase })
export type LinkedAccount = v.InferOutput<typeof LinkedAccountSchema> & {
  address?: string
  chainType?: 'ethereum' | 'solana'
  chainId?: string
  walletClientType?: string
  connectorType?: string
  /** Wallets: the HD index of an embedded wallet on its root (0, 1, …); null for other wallets. */
  walletIndex?: number | null
  /** Wallets: an embedded wallet made from an imported private key. */
  imported?: boolean
  /** Wallets: the app may act for the user (Solana delegation). */
  delegated?: boolean
  /** Embedded wallets: how the recovery share is kept ('privy' automatic; 'user-passcode', 'google-drive', 'icloud'). */
  recoveryMethod?: 'privy' | 'user-passcode' | 'google-drive' | 'icloud'
  /** Embedded wallets: the server's id of the secret (root) the wallet derives from; shared by its HD wallets. */
  rootId?: string
  subject?: string
  credentialId?: string
  [key: string]: unknown
}

/** The user as the server sends it; server plugins may add fields of their own (ServerPlugin.userFields). */
export const UserSchema = v.looseObject({
  id: v.string(),
  createdAt: Seconds,
  linkedAccounts: v.array(LinkedAccountSchema),
  mfaMethods: v.array(v.string()),
  hasAcceptedTerms: v.boolean(),
  isGuest: v.boolean(),
})
export type RawUser = v.InferOutput<typeof UserSchema>

/** A phone account (sms plugin): the E.164 number. */
export type PhoneAccount = LinkedAccount & { type: 'phone'; number: string }
/** A Farcaster account (farcaster plugin): the fid and the custody address that owns it. */
export type FarcasterAccount = LinkedAccount & { type: 'farcaster'; fid: number; ownerAddress: string }

/** The user handed to hosts: the server's user plus one convenience field per account type. */
export interface User extends RawUser {
  linkedAccounts: LinkedAccount[]
  email?: EmailAccount
  phone?: PhoneAccount
  wallet?: LinkedAccount
  farcaster?: FarcasterAccount
  [convenience: string]: unknown
}
