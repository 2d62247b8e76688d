import { useComputed, useSignals } from '@preact/signals-react/runtime'
import { lazy, Suspense, useState } from 'react'
import { useFoyerKernel } from '../hooks/useFoyerKernel.js'

// The dialog's code is fetched the first time the modal opens, keeping the host's initial JS small.
const LazyModal = lazy(() => import('./Modal.js').then((m) => ({ default: m.Modal })))

/** Mounts the (lazy) modal once `$modal.open` has first become true; it stays mounted afterwards. */
export function ModalMount() {
  useSignals()
  const foyer = useFoyerKernel()
  const open = useComputed(() => foyer.$modal.value.open).value
  const [wanted, setWanted] = useState(open)
  if (open && !wanted) setWanted(true)
  if (!wanted && !open) return null
  return (
    <Suspense fallback={null}>
      <LazyModal />
    </Suspense>
  )
}
