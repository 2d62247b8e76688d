import { useMemo, useRef } from 'react'
import { BaseError } from '../../../core/errors/index.js'
import { useFoyerKernel } from '../../../ui/hooks/useFoyerKernel.js'
import type { CreateWalletParameters } from '../custody/createWallet.js'
import type { ExportWalletParameters } from '../custody/exportWallet.js'
import type { ImportWalletParameters } from '../custody/importWallet.js'
import type { SignOptions } from '../../wallet-ethereum/index.js'
import type { SetWalletRecoveryParameters, SetWalletRecoveryReturnType } from '../custody/setWalletRecovery.js'

/** Callbacks of the wallet hooks (Privy's shape): the result, or the error's code. */
export interface WalletHookCallbacks<R> {
  onSuccess?: (result: R) => void
  onError?: (error: BaseError | Error) => void
}

/** Wraps a useFoyer action with the latest callbacks; the promise still settles for callers that await it. */
function useReported<A extends unknown[], R>(callbacks: WalletHookCallbacks<R>, run: (...args: A) => Promise<R>) {
  const latest = useRef(callbacks)
  latest.current = callbacks
  const action = useRef(run)
  action.current = run
  return useMemo(
    () =>
      async (...args: A): Promise<R> => {
        try {
          const result = await action.current(...args)
          latest.current.onSuccess?.(result)
          return result
        } catch (error) {
          latest.current.onError?.(error as Error)
          throw error
        }
      },
    [],
  )
}

type Actions = ReturnType<typeof actionsOf>
const actionsOf = (foyer: ReturnType<typeof useFoyerKernel>) =>
  foyer.actions() as unknown as {
    createWallet(parameters?: CreateWalletParameters): Promise<{ address?: unknown }>
    importWallet(parameters: ImportWalletParameters): Promise<{ address?: unknown }>
    signMessage(input: { message: string }, options?: SignOptions): Promise<`0x${string}`>
    signTypedData(typedData: unknown, options?: SignOptions): Promise<`0x${string}`>
    exportWallet(parameters?: ExportWalletParameters): Promise<void>
    setWalletRecovery(parameters?: SetWalletRecoveryParameters): Promise<SetWalletRecoveryReturnType>
  }

/** Privy's `useCreateWallet`: `createWallet({ createAdditional?, walletIndex? })` → the wallet's linked account. */
export function useCreateWallet(callbacks: WalletHookCallbacks<Awaited<ReturnType<Actions['createWallet']>>> = {}) {
  const foyer = useFoyerKernel()
  return { createWallet: useReported(callbacks, (parameters?: CreateWalletParameters) => actionsOf(foyer).createWallet(parameters)) }
}

/** Privy's `useImportWallet`: `importWallet({ privateKey })` → the imported wallet's linked account. */
export function useImportWallet(callbacks: WalletHookCallbacks<Awaited<ReturnType<Actions['importWallet']>>> = {}) {
  const foyer = useFoyerKernel()
  return { importWallet: useReported(callbacks, (parameters: ImportWalletParameters) => actionsOf(foyer).importWallet(parameters)) }
}

/** Privy's `useSignMessage`: `signMessage({ message }, { uiOptions?, address? })` → the signature. */
export function useSignMessage(callbacks: WalletHookCallbacks<`0x${string}`> = {}) {
  const foyer = useFoyerKernel()
  return { signMessage: useReported(callbacks, (input: { message: string }, options?: SignOptions) => actionsOf(foyer).signMessage(input, options)) }
}

/** Privy's `useSignTypedData`: `signTypedData(typedData, { uiOptions?, address? })` → the signature. */
export function useSignTypedData(callbacks: WalletHookCallbacks<`0x${string}`> = {}) {
  const foyer = useFoyerKernel()
  return { signTypedData: useReported(callbacks, (typedData: unknown, options?: SignOptions) => actionsOf(foyer).signTypedData(typedData, options)) }
}

/** Privy's `useExportWallet`: `exportWallet({ address? })` opens 'Transfer wallet'; resolves when it closes. */
export function useExportWallet(callbacks: WalletHookCallbacks<void> = {}) {
  const foyer = useFoyerKernel()
  return { exportWallet: useReported(callbacks, (parameters?: ExportWalletParameters) => actionsOf(foyer).exportWallet(parameters)) }
}

/**
 * Privy's `useSetWalletRecovery`: `setWalletRecovery()` opens the password flow (inside the wallet frame) for the
 * embedded wallet; answers the user, or fails with 'User exited set recovery flow', 'Unable to set recovery on wallet'…
 */
export function useSetWalletRecovery(callbacks: WalletHookCallbacks<SetWalletRecoveryReturnType> = {}) {
  const foyer = useFoyerKernel()
  return { setWalletRecovery: useReported(callbacks, (parameters?: SetWalletRecoveryParameters) => actionsOf(foyer).setWalletRecovery(parameters)) }
}
