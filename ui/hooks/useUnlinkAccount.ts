import { useMemo } from 'react'
import type { Foyer } from '../../core/client/types.js'
import type { User } from '../../core/protocol/index.js'
import { useFoyerKernel } from './useFoyerKernel.js'

/** Unlinks one account by its identifier; answers the updated user (also set on the session). */
export type UnlinkFunction = (identifier: string) => Promise<User>

/** Unlink functions (Privy's names, also on useFoyer). Each rejects with the server's error, e.g. the last login method. */
export interface UnlinkFunctions {
  unlinkEmail: (address: string) => Promise<User>
  unlinkPhone: (phoneNumber: string) => Promise<User>
  unlinkWallet: (address: string) => Promise<User>
  unlinkGoogle: UnlinkFunction
  unlinkTwitter: UnlinkFunction
  unlinkDiscord: UnlinkFunction
  unlinkGithub: UnlinkFunction
  unlinkLinkedIn: UnlinkFunction
  unlinkSpotify: UnlinkFunction
  unlinkInstagram: UnlinkFunction
  unlinkTiktok: UnlinkFunction
  unlinkApple: UnlinkFunction
  /** Any OAuth provider by name. */
  unlinkOAuth: (provider: string, subject: string) => Promise<User>
  unlinkFarcaster: (fid: number) => Promise<User>
  unlinkTelegram: (telegramUserId: string) => Promise<User>
  unlinkPasskey: (credentialId: string) => Promise<User>
  /** Any method a loaded plugin unlinks (e.g. 'solanaWallet'). */
  unlink: (method: string, ...args: unknown[]) => Promise<User>
}

/** Function name → method name of the plugins' `accounts.unlink` slots. */
const unlinkMethods = {
  unlinkEmail: 'email',
  unlinkPhone: 'phone',
  unlinkWallet: 'wallet',
  unlinkGoogle: 'google',
  unlinkTwitter: 'twitter',
  unlinkDiscord: 'discord',
  unlinkGithub: 'github',
  unlinkLinkedIn: 'linkedin',
  unlinkSpotify: 'spotify',
  unlinkInstagram: 'instagram',
  unlinkTiktok: 'tiktok',
  unlinkApple: 'apple',
  unlinkOAuth: 'oauth',
  unlinkFarcaster: 'farcaster',
  unlinkTelegram: 'telegram',
  unlinkPasskey: 'passkey',
} as const

/** Builds the unlink functions over `foyer.accounts` (shared by useUnlinkAccount and useFoyer). */
export function unlinkFunctions(foyer: Foyer): UnlinkFunctions {
  const unlink = (method: string, ...args: unknown[]) => foyer.accounts.unlink(method, ...args)
  const named = Object.fromEntries(Object.entries(unlinkMethods).map(([name, method]) => [name, (...args: unknown[]) => unlink(method, ...args)]))
  return { ...(named as unknown as Omit<UnlinkFunctions, 'unlink'>), unlink }
}

/** Removes linked accounts of the signed-in user (Privy's `unlink*` functions). */
export function useUnlinkAccount(): UnlinkFunctions {
  const foyer = useFoyerKernel()
  return useMemo(() => unlinkFunctions(foyer), [foyer])
}
