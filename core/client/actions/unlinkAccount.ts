import type { ApiError, PluginError, ValidationError } from '../../errors/index.js'
import { toUser, type User } from '../../protocol/index.js'
import { requireSignedIn, type NotAuthenticatedError } from '../accountErrors.js'
import type { Foyer } from '../types.js'

/** unlinkAccount's parameters: the method and what its plugin needs to find the account (`['sub-1']`, `['github', 'sub-2']`). */
export interface UnlinkAccountParameters {
  method: string
  args?: readonly unknown[]
}

/** The signed-in user without the account (also set on `$session`). */
export type UnlinkAccountReturnType = User

/** Why an unlink failed: the server's refusal (e.g. the last login method) is an ApiError. */
export type UnlinkAccountErrorType = NotAuthenticatedError | PluginError | ApiError | ValidationError

/** Removes an account of `method` from the signed-in user and puts the server's answer on the session. */
export async function unlinkAccount(foyer: Foyer, { method, args = [] }: UnlinkAccountParameters): Promise<UnlinkAccountReturnType> {
  requireSignedIn(foyer, 'unlink an account')
  const raw = await foyer.accounts.entry('unlink', method)(foyer, ...args)
  const user = toUser(raw)
  foyer.session.setUser(user)
  return user
}
