import { useEffect, useId, useRef, type ReactNode } from 'react'

/**
 * A modal dialog on the native <dialog> (showModal): the rest of the page is inert, so focus stays inside; Escape
 * closes it (onClose); focus goes back to what opened it.
 */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const latestClose = useRef(onClose)
  latestClose.current = onClose
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal?.()
    const onCancel = (event: Event) => {
      event.preventDefault()
      latestClose.current()
    }
    dialog.addEventListener('cancel', onCancel)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      if (dialog.open) dialog.close?.()
      opener?.focus()
    }
  }, [])
  return (
    <dialog ref={ref} className="fa-dialog" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  )
}
