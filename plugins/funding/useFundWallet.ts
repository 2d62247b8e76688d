import { useMemo, useRef } from 'react'
import { BaseError } from '../../core/errors/index.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import type { FundWalletOptions, FundWalletParameters } from './fundingRequest.js'
import type { FundWalletResult } from './fundingTypes.js'

/** Callbacks of useFundWallet (Privy's `onUserExited`). */
export interface UseFundWalletParameters {
  /** The funding modal closed (whatever the outcome): the result fundWallet answers. */
  onUserExited?: (result: FundWalletResult) => void
}

/** What useFundWallet returns. */
export interface UseFundWalletReturnType {
  /** Opens 'Add funds' for `address`; resolves when the funding screens close (see FundWalletResult). */
  fundWallet(parameters: FundWalletParameters): Promise<FundWalletResult>
  fundWallet(address: string, options?: FundWalletOptions): Promise<FundWalletResult>
}

/** The funding hub's fundWallet (Privy's useFundWallet); needs the `funding()` plugin. */
export function useFundWallet(callbacks: UseFundWalletParameters = {}): UseFundWalletReturnType {
  const foyer = useFoyerKernel()
  const latest = useRef(callbacks)
  latest.current = callbacks
  return useMemo(
    () => ({
      fundWallet: async (first: FundWalletParameters | string, options?: FundWalletOptions) => {
        const action = foyer.actions().fundWallet as ((a: FundWalletParameters | string, b?: FundWalletOptions) => Promise<FundWalletResult>) | undefined
        if (!action) throw new BaseError('Wallet funding is not enabled', { code: 'FUNDING_NOT_ENABLED', details: 'Add funding() to the plugins.' })
        const result = await action(first, options)
        latest.current.onUserExited?.(result)
        return result
      },
    }),
    [foyer],
  ) as UseFundWalletReturnType
}
