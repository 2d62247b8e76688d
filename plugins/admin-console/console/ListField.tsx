import { useEffect, useId, useState } from 'react'
import { linesOf } from './entryDraft.js'

/** A list of strings edited as lines of a textarea (an origin, an allowlist entry per line). */
export function ListField({ label, hint, value, onChange }: { label: string; hint?: string; value: readonly string[]; onChange: (list: string[]) => void }) {
  const id = useId()
  const [text, setText] = useState(value.join('\n'))
  // Follows a change made elsewhere (the raw JSON), not the lines being typed.
  useEffect(() => {
    setText((current) => (linesOf(current).join('\n') === value.join('\n') ? current : value.join('\n')))
  }, [value])
  return (
    <div className="fa-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={Math.max(2, value.length + 1)}
        value={text}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => {
          setText(e.target.value)
          onChange(linesOf(e.target.value))
        }}
      />
      {hint && (
        <p className="fa-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  )
}
