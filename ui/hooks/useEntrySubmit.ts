import { useState } from 'react'
import { useFoyerKernel } from './useFoyerKernel.js'

/**
 * A landing entry's submit: one at a time, `submitting` while it runs; a failure shows the error
 * screen, whose button returns to the entry.
 */
export function useEntrySubmit<A>(run: (arg: A) => Promise<void>): { submitting: boolean; submit: (arg: A) => Promise<void> } {
  const foyer = useFoyerKernel()
  const [submitting, setSubmitting] = useState(false)
  const submit = async (arg: A) => {
    if (submitting) return
    setSubmitting(true)
    try {
      await run(arg)
    } catch (err) {
      foyer.modal.showError(err)
    } finally {
      setSubmitting(false)
    }
  }
  return { submitting, submit }
}
