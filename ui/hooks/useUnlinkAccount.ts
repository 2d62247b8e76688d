import { useMemo } from 'react'
import { unlinkAccount } from '../../core/client/actions/unlinkAccount.js'
import type { Foyer } from '../../core/client/types.js'
import type { User } from '../../core/protocol/index.js'
import { accountFunctions } from './useLinkAccount.js'
import { useFoyerKernel } from './useFoyerKernel.js'

/** Unlinks one account by its identifier; answers the updated user (also set on the session). */
export type UnlinkFunction = (identifier: string) => Promise<User>

/**
 * The unlink functions of the loaded plugins (`unlinkEmail(address)`, `unlinkGoogle(subject)`, …). Each plugin declares
 * its own for hosts: `declare module 'foyer' { interface FoyerUnlinkFunctions { unlinkEmail(address: string): Promise<User> } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by plugins' declaration merging
export interface FoyerUnlinkFunctions {}

/** Unlink functions (Privy's names, also on useFoyer). Each rejects with the server's error, e.g. the last login method. */
export interface UnlinkFunctions extends FoyerUnlinkFunctions {
  /** Any method a loaded plugin unlinks (e.g. 'solanaWallet'). */
  unlink: (method: string, ...args: unknown[]) => Promise<User>
}

/** Builds the unlink functions over the unlinkAccount action (shared by useUnlinkAccount and useFoyer). */
export function unlinkFunctions(foyer: Foyer): UnlinkFunctions {
  const unlink = (method: string, ...args: unknown[]) => unlinkAccount(foyer, { method, args })
  // Typed by the plugins that add them (declaration merging into FoyerUnlinkFunctions).
  return { ...accountFunctions(foyer, 'unlink', (method) => (...args: unknown[]) => unlink(method, ...args)), unlink } as unknown as UnlinkFunctions
}

/** Removes linked accounts of the signed-in user (Privy's `unlink*` functions). */
export function useUnlinkAccount(): UnlinkFunctions {
  const foyer = useFoyerKernel()
  return useMemo(() => unlinkFunctions(foyer), [foyer])
}
