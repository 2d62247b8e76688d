import { useMemo, useRef } from 'react'
import { BaseError } from '../../core/errors/index.js'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import type { FundWalletOptions, FundWalletParameters } from './fundingRequest.js'
import type { FundingCallbacks } from './fundingState.js'
import type { FundWalletFailure, FundWalletResult } from './fundingTypes.js'

/** Callbacks of useFundWallet (Privy's `onUserExited`, and Foyer's `onError`). */
export interface UseFundWalletParameters {
  /** The funding modal closed (whatever the outcome): the result fundWallet answers. */
  onUserExited?: (result: FundWalletResult) => void
  /**
   * A funding method failed and the flow went back to the method selection with its message (Moonpay's, Coinbase
   * Onramp's §8 texts, 'Wallet … does not have enough funds.', …); the flow goes on, so this may come more than once.
   */
  onError?: (failure: FundWalletFailure) => void
}

/** What useFundWallet returns. */
export interface UseFundWalletReturnType {
  /** Opens 'Add funds' for `address`; resolves when the funding screens close (see FundWalletResult). */
  fundWallet(parameters: FundWalletParameters): Promise<FundWalletResult>
  fundWallet(address: string, options?: FundWalletOptions): Promise<FundWalletResult>
}

type FundWalletAction = (a: FundWalletParameters | string, b: FundWalletOptions | undefined, callbacks: FundingCallbacks) => Promise<FundWalletResult>

/** The funding hub's fundWallet (Privy's useFundWallet); needs the `funding()` plugin. */
export function useFundWallet(callbacks: UseFundWalletParameters = {}): UseFundWalletReturnType {
  const foyer = useFoyerKernel()
  const latest = useRef(callbacks)
  latest.current = callbacks
  return useMemo(
    () => ({
      fundWallet: async (first: FundWalletParameters | string, options?: FundWalletOptions) => {
        const action = foyer.actions().fundWallet as FundWalletAction | undefined
        if (!action) throw new BaseError('Wallet funding is not enabled', { code: 'FUNDING_NOT_ENABLED', details: 'Add funding() to the plugins.' })
        const result = await action(first, options, { onError: (failure) => latest.current.onError?.(failure) })
        latest.current.onUserExited?.(result)
        return result
      },
    }),
    [foyer],
  ) as UseFundWalletReturnType
}
