import { FlowError } from '../../core/errors/index.js'
import type { Foyer } from '../../core/client/types.js'
import { embeddedWalletsOf } from '../embedded-wallet/index.js'
import { DELEGATE_INTENT, DELEGATION_SCREENS, delegatedActionsErrors as errors } from './delegationTexts.js'
import type { DelegationPromptParams } from './screens/DelegationPrompt.js'

/** Parameters of delegateWallet (Privy's). */
export interface DelegateWalletParameters {
  address: string
  chainType: 'solana'
}

/**
 * Asks the user to let the app's back end sign for one embedded Solana wallet ('Enable delegated actions'): a
 * signed-in user, a Solana wallet of theirs, not already delegated. Accept has the wallet frame seal that wallet's key
 * to the server's delegation key; resolves once stored (the user refreshed: `delegated: true`). 'No thanks' or closing
 * rejects with 'User declined delegating actions.'.
 */
export async function delegateWallet(foyer: Foyer, parameters: DelegateWalletParameters): Promise<void> {
  const session = foyer.$session.peek()
  if (session.status !== 'authenticated') throw new FlowError(errors.notAuthenticated, 'MUST_BE_AUTHENTICATED')
  if (parameters?.chainType !== 'solana') throw new FlowError(errors.solanaOnly, 'UNSUPPORTED_CHAIN_TYPE')
  const wallet = embeddedWalletsOf(session.user, 'solana').find((w) => w.address === parameters.address)
  if (!wallet) throw new FlowError(errors.noWallet, 'NO_EMBEDDED_WALLET')
  if (wallet.delegated) throw new FlowError(errors.alreadyDelegated, 'WALLET_ALREADY_DELEGATED')
  if (!foyer.actions().walletFrameRequest) throw new FlowError(errors.notLoaded, 'EMBEDDED_WALLET_NOT_LOADED')
  await promptUntilDone(foyer, DELEGATION_SCREENS.consent, { address: parameters.address, outcome: { done: false } }, DELEGATE_INTENT)
}

/**
 * Shows a prompt and waits for it. Closing the modal during the success state (after the work is done) is not a
 * refusal: it resolves.
 */
export async function promptUntilDone(foyer: Foyer, screen: string, params: DelegationPromptParams, intent: string): Promise<void> {
  try {
    await foyer.modal.request(screen, params, { intent })
  } catch (error) {
    if (!params.outcome.done) throw error
  }
}
