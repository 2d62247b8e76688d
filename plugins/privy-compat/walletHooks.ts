import { useMemo, useRef } from 'react'
import { useFoyerKernel } from '../../ui/hooks/useFoyerKernel.js'
import { PrivyErrorCode, toPrivyErrorCode, type CallbackError } from './privyErrorCode.js'
import type { PrivyEvents, UserRecoveryMethod } from './privyEvents.js'
import type { Wallet } from './privyUser.js'
import { walletActions, type WalletActions } from './walletActions.js'

type Callbacks<R> = { onSuccess?: (result: R) => void; onError?: CallbackError }

/**
 * One of walletActions' functions with the hook's latest callbacks: `onSuccess` gets `toResult(result)`, `onError`
 * Privy's error code; the promise still settles for callers that await it.
 */
function useReported<K extends keyof WalletActions, R>(name: K, callbacks: Callbacks<R> | undefined, toResult: (result: Awaited<ReturnType<WalletActions[K]>>) => R, fallback: PrivyErrorCode) {
  const foyer = useFoyerKernel()
  const latest = useRef(callbacks)
  latest.current = callbacks
  return useMemo(() => {
    const run = walletActions(foyer)[name] as (...args: unknown[]) => Promise<Awaited<ReturnType<WalletActions[K]>>>
    return (async (...args: unknown[]) => {
      try {
        const result = await run(...args)
        latest.current?.onSuccess?.(toResult(result))
        return result
      } catch (error) {
        latest.current?.onError?.(toPrivyErrorCode(error, fallback))
        throw error
      }
    }) as WalletActions[K]
    // toResult is a module-level mapping per hook: fixed for the hook's life.
  }, [foyer, name])
}

const same = <T,>(value: T) => value
const walletError = PrivyErrorCode.UNKNOWN_EMBEDDED_WALLET_ERROR

/** Privy's useSignMessage: `signMessage({ message }, { uiOptions?, address? })` → `{ signature }`. */
export function useSignMessage(callbacks?: PrivyEvents['signMessage']): { signMessage: WalletActions['signMessage'] } {
  return { signMessage: useReported('signMessage', callbacks, same, walletError) }
}

/** Privy's useSignTypedData: `signTypedData(typedData, { uiOptions?, address? })` → `{ signature }`. */
export function useSignTypedData(callbacks?: PrivyEvents['signTypedData']): { signTypedData: WalletActions['signTypedData'] } {
  return { signTypedData: useReported('signTypedData', callbacks, same, walletError) }
}

/** Privy's useSendTransaction: `sendTransaction(request, { uiOptions?, address? })` → `{ hash }`. */
export function useSendTransaction(callbacks?: PrivyEvents['sendTransaction']): { sendTransaction: WalletActions['sendTransaction'] } {
  return { sendTransaction: useReported('sendTransaction', callbacks, same, PrivyErrorCode.TRANSACTION_FAILURE) }
}

/** Privy's useSignTransaction: `signTransaction(request, { uiOptions?, address? })` → `{ signature }` (signed, not sent). */
export function useSignTransaction(callbacks?: PrivyEvents['signTransaction']): { signTransaction: WalletActions['signTransaction'] } {
  return { signTransaction: useReported('signTransaction', callbacks, same, walletError) }
}

/** Privy's useCreateWallet: `createWallet(options?)` → the new `Wallet`; `onSuccess({ wallet })`. */
export function useCreateWallet(callbacks?: PrivyEvents['createWallet']): { createWallet: WalletActions['createWallet'] } {
  return { createWallet: useReported('createWallet', callbacks, (wallet: Wallet) => ({ wallet }), PrivyErrorCode.EMBEDDED_WALLET_CREATE_ERROR) }
}

/** Privy's useImportWallet: `importWallet({ privateKey })` → the imported `Wallet`. */
export function useImportWallet(): { importWallet: WalletActions['importWallet'] } {
  return { importWallet: useReported('importWallet', undefined, same, walletError) }
}

/** Privy's useExportWallet: `exportWallet({ address }?)` opens 'Transfer wallet'; resolves when it closes. */
export function useExportWallet(): { exportWallet: WalletActions['exportWallet'] } {
  return { exportWallet: useReported('exportWallet', undefined, same, walletError) }
}

/** Privy's useSetWalletRecovery: `setWalletRecovery()` → the `Wallet`; `onSuccess({ method, wallet })`. */
export function useSetWalletRecovery(callbacks?: PrivyEvents['setWalletRecovery']): { setWalletRecovery: (options?: {}) => Promise<Wallet> } {
  const toResult = (wallet: Wallet) => ({ method: wallet.recoveryMethod as UserRecoveryMethod, wallet })
  return { setWalletRecovery: useReported('setWalletRecovery', callbacks, toResult, PrivyErrorCode.UNKNOWN_EMBEDDED_WALLET_ERROR) }
}
