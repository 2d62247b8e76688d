import { useMemo } from 'react'
import type { User } from '../../core/protocol/index.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { createGuestAccount } from './createGuestAccount.js'

/** What useGuestAccounts returns. */
export interface UseGuestAccountsReturnType {
  /** Signs in as this device's guest user (created on first use); rejects while a non-guest user is signed in. */
  createGuestAccount: () => Promise<User>
}

/** Guest accounts (Privy's `useGuestAccounts`). */
export function useGuestAccounts(): UseGuestAccountsReturnType {
  const foyer = useFoyerKernel()
  return useMemo(() => ({ createGuestAccount: () => createGuestAccount(foyer) }), [foyer])
}
