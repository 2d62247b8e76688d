import { useState } from 'react'

/** Copies `text` to the clipboard and says so (a live region) for a moment. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  const copy = () => {
    navigator.clipboard?.writeText(text).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    )
    setTimeout(() => setCopied(null), 2_000)
  }
  return (
    <>
      <button type="button" className="fa-button" onClick={copy}>
        {label}
      </button>
      <span className="fa-muted" role="status">
        {copied === 'yes' ? 'Copied' : copied === 'no' ? 'Copy failed: select the text instead' : ''}
      </span>
    </>
  )
}
