import { useMemo } from 'react'
import { BaseError } from '../../core/errors/index.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import type { DelegateWalletParameters } from './delegateWallet.js'

/** What useDelegatedActions returns (Privy's shape). */
export interface UseDelegatedActionsReturnType {
  /** 'Enable delegated actions' for one embedded Solana wallet; rejects with 'User declined delegating actions.' on No thanks. */
  delegateWallet(parameters: DelegateWalletParameters): Promise<void>
  /** 'Revoke permission' for every delegated wallet of the user; rejects with 'User declined revoking access...' on Deny. */
  revokeWallets(): Promise<void>
}

/** Delegated actions (Privy's useDelegatedActions); needs the `delegatedActions()` and `embeddedWallet()` plugins. */
export function useDelegatedActions(): UseDelegatedActionsReturnType {
  const foyer = useFoyerKernel()
  return useMemo(() => {
    const action = (name: 'delegateWallet' | 'revokeWallets') => {
      const found = foyer.actions()[name] as ((...args: unknown[]) => Promise<void>) | undefined
      if (!found) throw new BaseError('Delegated actions are not enabled', { code: 'DELEGATED_ACTIONS_NOT_ENABLED', details: 'Add delegatedActions() to the plugins.' })
      return found
    }
    return {
      delegateWallet: async (parameters: DelegateWalletParameters) => action('delegateWallet')(parameters),
      revokeWallets: async () => action('revokeWallets')(),
    }
  }, [foyer])
}
