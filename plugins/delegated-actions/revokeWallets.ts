import { FlowError } from '../../core/errors/index.js'
import type { Foyer } from '../../core/client/types.js'
import { embeddedWalletsOf } from '../embedded-wallet/index.js'
import { promptUntilDone } from './delegateWallet.js'
import { DELEGATION_SCREENS, REVOKE_INTENT, delegatedActionsErrors as errors } from './delegationTexts.js'

/**
 * 'Revoke permission': with at least one delegated wallet, Confirm calls POST /api/v1/wallets/revoke, which deletes
 * every delegation of the user at once; resolves once done (the user refreshed: `delegated: false`). 'Deny' or closing
 * rejects with 'User declined revoking access...'.
 */
export async function revokeWallets(foyer: Foyer): Promise<void> {
  const session = foyer.$session.peek()
  if (session.status !== 'authenticated') throw new FlowError(errors.notAuthenticated, 'MUST_BE_AUTHENTICATED')
  const delegated = embeddedWalletsOf(session.user, 'solana').filter((w) => w.delegated)
  if (!delegated.length) throw new FlowError(errors.noDelegatedWallets, 'NO_DELEGATED_WALLETS')
  await promptUntilDone(foyer, DELEGATION_SCREENS.revoke, { address: String(delegated[0]!.address), outcome: { done: false } }, REVOKE_INTENT)
}
