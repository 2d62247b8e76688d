import type { ApiError, ValidationError } from '../../errors/index.js'
import { NON_TRANSFERABLE_ACCOUNT_TYPES, toUser, type AccountTransferData, type User } from '../../protocol/index.js'
import { InvalidTransferAccountTypeError, requireSignedIn, type NotAuthenticatedError } from '../accountErrors.js'
import type { Foyer } from '../types.js'

/** transferAccount's parameters: the server's transfer offer (`ACCOUNT_TRANSFER_REQUIRED`'s data). */
export type TransferAccountParameters = AccountTransferData

/** The signed-in user with the moved account (also set on `$session`). */
export type TransferAccountReturnType = User

/** Why a transfer failed: refused here for a type that can't move, else the server's ApiError. */
export type TransferAccountErrorType = NotAuthenticatedError | InvalidTransferAccountTypeError | ApiError | ValidationError

/** Moves an account tied to another user to the signed-in one (deleting the other user) through its plugin. */
export async function transferAccount(foyer: Foyer, data: TransferAccountParameters): Promise<TransferAccountReturnType> {
  requireSignedIn(foyer, 'transfer an account')
  // The kernel refuses the spec's non-transferable types even when a plugin offers to move them (§5).
  const type = data.account_type
  if (!foyer.accounts.methods().transfer.includes(type) || (NON_TRANSFERABLE_ACCOUNT_TYPES as readonly string[]).includes(type)) {
    throw new InvalidTransferAccountTypeError()
  }
  const user = toUser(await foyer.accounts.entry('transfer', type)(foyer, data))
  foyer.session.setUser(user)
  return user
}
