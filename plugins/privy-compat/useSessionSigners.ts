import { useMemo } from 'react'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { BaseError } from '../../core/errors/index.js'
import { useDelegatedActions } from '../delegated-actions/index.js'
import type { SessionSignerInput } from './privyRequestTypes.js'
import type { User } from './privyUser.js'
import { toPrivyUser } from './toPrivyUser.js'

/** What useSessionSigners answers (Privy's). */
export interface UseSessionSignersInterface {
  addSessionSigners: (input: { address: string; signers: SessionSignerInput }) => Promise<{ user: User }>
  removeSessionSigners: (input: { address: string }) => Promise<{ user: User }>
}

/**
 * Privy's useSessionSigners over Foyer's delegated actions (`delegatedActions()` plugin): `addSessionSigners({ address })`
 * lets the app's back end sign for that embedded Solana wallet — the user confirms on 'Enable delegated actions', and the
 * wallet frame seals its key to the server's delegation key (there are no key quorums: `signers` is not read);
 * `removeSessionSigners()` revokes the user's delegations ('Revoke permission'; every delegated wallet, not only
 * `address`). Both answer `{ user }` with the wallet's `delegated` flag updated. Ethereum wallets are refused
 * (UNSUPPORTED_CHAIN_TYPE): Foyer delegates Solana wallets only.
 */
export function useSessionSigners(): UseSessionSignersInterface {
  const foyer = useFoyerKernel()
  const { delegateWallet, revokeWallets } = useDelegatedActions()
  return useMemo(() => {
    const user = () => ({ user: toPrivyUser(foyer.$session.peek().user!) })
    return {
      addSessionSigners: async ({ address }: { address: string; signers: SessionSignerInput }) => {
        if (address.startsWith('0x')) throw new BaseError('Session signers are available for Solana wallets only', { code: 'UNSUPPORTED_CHAIN_TYPE' })
        await delegateWallet({ address, chainType: 'solana' })
        return user()
      },
      removeSessionSigners: async (_input: { address: string }) => {
        await revokeWallets()
        return user()
      },
    }
  }, [foyer, delegateWallet, revokeWallets])
}
