import { useComputed, useSignals } from '@preact/signals-react/runtime'
import { useFoyerKernel } from './useFoyerKernel.js'

/** Whether the Foyer modal is open. */
export function useModalStatus(): { isOpen: boolean } {
  useSignals()
  const foyer = useFoyerKernel()
  return { isOpen: useComputed(() => foyer.$modal.value.open).value }
}
