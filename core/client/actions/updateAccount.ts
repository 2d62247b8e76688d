import type { BaseError, PluginError } from '../../errors/index.js'
import { requireSignedIn, type NotAuthenticatedError } from '../accountErrors.js'
import type { Foyer } from '../types.js'

/** updateAccount's parameters: the method ('email', 'phone') and its plugin's update options. */
export interface UpdateAccountParameters {
  method: string
  options?: unknown
}

/** Resolves once the update flow has started; its outcome reaches the host's callbacks of intent 'update'. */
export type UpdateAccountReturnType = void

/** Why an update flow could not start (e.g. the plugin's 'User must have an email to update it'). */
export type UpdateAccountErrorType = NotAuthenticatedError | PluginError | BaseError

/** Opens the update flow of `method` for the signed-in user. */
export async function updateAccount(foyer: Foyer, { method, options }: UpdateAccountParameters): Promise<UpdateAccountReturnType> {
  requireSignedIn(foyer, 'update an account')
  await foyer.accounts.entry('update', method)(foyer, options)
}
