import { useMemo } from 'react'
import { useAccountFlowCallbacks, type UseAccountFlowParameters } from './useLinkAccount.js'
import { useFoyerKernel } from './useFoyerKernel.js'

function useUpdate(method: string, callbacks: UseAccountFlowParameters) {
  const foyer = useFoyerKernel()
  const report = useAccountFlowCallbacks('update', callbacks)
  return useMemo(() => (options?: unknown) => foyer.accounts.update(method, options).catch(report), [foyer, method, report])
}

/** Opens 'Update your email' for a signed-in user who has one (Privy's `useUpdateEmail`); rejects otherwise. */
export function useUpdateEmail(callbacks: UseAccountFlowParameters = {}): { updateEmail: (options?: unknown) => Promise<void> } {
  const updateEmail = useUpdate('email', callbacks)
  return useMemo(() => ({ updateEmail }), [updateEmail])
}

/** Opens 'Update your phone' for a signed-in user who has one (Privy's `useUpdatePhone`); rejects otherwise. */
export function useUpdatePhone(callbacks: UseAccountFlowParameters = {}): { updatePhone: (options?: unknown) => Promise<void> } {
  const updatePhone = useUpdate('phone', callbacks)
  return useMemo(() => ({ updatePhone }), [updatePhone])
}
