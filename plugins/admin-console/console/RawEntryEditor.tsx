import { useEffect, useId, useState } from 'react'
import { parseEntryJson, type Entry } from './entryDraft.js'

/**
 * The whole entry as JSON, for what the form has no field for (plugin sections). Secrets read as {"$secret":"set"}:
 * left so, the stored secret stays; replaced, it changes.
 */
export function RawEntryEditor({ entry, onApply }: { entry: Entry; onApply: (entry: Entry) => void }) {
  const id = useId()
  const formatted = JSON.stringify(entry, null, 2)
  const [text, setText] = useState(formatted)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => setText(formatted), [formatted])
  const apply = () => {
    const parsed = parseEntryJson(text)
    if ('error' in parsed) return setError(parsed.error)
    setError(null)
    onApply(parsed.entry)
  }
  return (
    <details className="fa-raw">
      <summary>Raw JSON entry (plugin sections)</summary>
      <div className="fa-field">
        <label htmlFor={id}>Entry JSON</label>
        <textarea id={id} className="fa-code" rows={16} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} aria-describedby={`${id}-hint`} />
        <p className="fa-hint" id={`${id}-hint`}>
          Secret fields read as {'{"$secret":"set"}'}: leave them so to keep the stored secret, or write a new value.
        </p>
      </div>
      <button type="button" className="fa-button" onClick={apply}>
        Apply JSON to the form
      </button>
      {error && (
        <p className="fa-error" role="alert">
          {error}
        </p>
      )}
    </details>
  )
}
