import { useMemo } from 'react'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { crossAppActions, type CrossAppAccountsActions } from './crossAppActions.js'

/** Cross-app accounts (Privy's `useCrossAppAccounts`): login, link and unlink with a provider app, and its wallet's signatures and transactions. */
export function useCrossAppAccounts(): CrossAppAccountsActions {
  const foyer = useFoyerKernel()
  return useMemo(() => crossAppActions(foyer), [foyer])
}
