import { BaseError } from '../errors/index.js'
import type { Foyer } from './types.js'

// The account actions' errors live here, not in accounts.ts: accounts.ts binds the actions, and the actions throw
// these, so one module for both would be an import cycle.

/** Thrown when an account action needs a signed-in user and there is none. */
export class NotAuthenticatedError extends BaseError {
  override name = 'NotAuthenticatedError'
  constructor(action: string) {
    super(`User must be authenticated to ${action}`, { code: 'MUST_BE_AUTHENTICATED' })
  }
}

/** Thrown for a transfer of a type that can't move between users, or that no plugin handles (§5). */
export class InvalidTransferAccountTypeError extends BaseError {
  override name = 'InvalidTransferAccountTypeError'
  constructor() {
    super('Invalid transfer account type', { code: 'INVALID_TRANSFER_ACCOUNT_TYPE' })
  }
}

/** Thrown when linking a one-per-type method the user already has an account of (§5). */
export class CannotLinkMoreOfTypeError extends BaseError {
  override name = 'CannotLinkMoreOfTypeError'
  constructor(type: string) {
    super(`User already has an account of type ${type} linked.`, { code: 'CANNOT_LINK_MORE_OF_TYPE' })
  }
}

/** Throws NotAuthenticatedError (`to ${action}`) unless a user is signed in: checked before any plugin runs. */
export function requireSignedIn(foyer: Foyer, action: string): void {
  if (foyer.$session.peek().status !== 'authenticated') throw new NotAuthenticatedError(action)
}
