import { useId, useState, type ReactNode } from 'react'
import { Dialog } from './Dialog.js'
import { ErrorText } from './ErrorText.js'

/**
 * Asks before a change that can't be undone; with `typed`, the operator must type that text (a user's id) first.
 * `onConfirm` runs the change; its error shows in the dialog, which then stays open.
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  typed,
  onConfirm,
  onClose,
  children,
}: {
  title: string
  confirmLabel: string
  typed?: string
  onConfirm: () => Promise<void>
  onClose: () => void
  children: ReactNode
}) {
  const inputId = useId()
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      await onConfirm()
      onClose()
    } catch (e) {
      setError(e)
      setBusy(false)
    }
  }
  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      {typed !== undefined && (
        <div className="fa-field">
          <label htmlFor={inputId}>
            Type <code>{typed}</code> to confirm
          </label>
          <input id={inputId} value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" spellCheck={false} autoFocus />
        </div>
      )}
      <ErrorText error={error} />
      <div className="fa-actions">
        <button type="button" className="fa-button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="fa-button fa-danger" disabled={busy || (typed !== undefined && value.trim() !== typed)} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  )
}
