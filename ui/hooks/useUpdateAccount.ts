import { useMemo } from 'react'
import { updateAccount } from '../../core/client/actions/updateAccount.js'
import { useAccountFlowCallbacks, type UseAccountFlowParameters } from './useLinkAccount.js'
import { useFoyerKernel } from './useFoyerKernel.js'

/**
 * The update functions of the loaded plugins on useFoyer (`updateEmail`, `updatePhone`). Each plugin declares its own
 * for hosts: `declare module 'foyer' { interface FoyerUpdateFunctions { updateEmail(): Promise<void> } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by plugins' declaration merging
export interface FoyerUpdateFunctions {}

/** Opens the update flow of `method` (any loaded plugin's, e.g. 'email') with the callbacks of intent 'update'. */
export function useUpdateAccount(method: string, callbacks: UseAccountFlowParameters = {}): (options?: unknown) => Promise<void> {
  const foyer = useFoyerKernel()
  const report = useAccountFlowCallbacks('update', callbacks)
  return useMemo(() => (options?: unknown) => updateAccount(foyer, { method, options }).catch(report), [foyer, method, report])
}

/** Privy's `useUpdateEmail`: useUpdateAccount('email') (the e-mail plugin's 'Update your email'); rejects without an e-mail. */
export function useUpdateEmail(callbacks: UseAccountFlowParameters = {}): { updateEmail: (options?: unknown) => Promise<void> } {
  const updateEmail = useUpdateAccount('email', callbacks)
  return useMemo(() => ({ updateEmail }), [updateEmail])
}

/** Privy's `useUpdatePhone`: useUpdateAccount('phone') (the SMS plugin's 'Update your phone'); rejects without a phone. */
export function useUpdatePhone(callbacks: UseAccountFlowParameters = {}): { updatePhone: (options?: unknown) => Promise<void> } {
  const updatePhone = useUpdateAccount('phone', callbacks)
  return useMemo(() => ({ updatePhone }), [updatePhone])
}
