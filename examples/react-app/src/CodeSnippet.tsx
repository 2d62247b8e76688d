import { useEffect, useState, type ReactNode } from 'react'

// Comments, strings, keywords and hook names get a colour: enough to read a snippet, no highlighter download.
const TOKEN = /(\/\/[^\n]*)|('(?:[^'\\\n]|\\.)*'|`[^`]*`|"[^"\n]*")|\b(import|from|export|function|const|await|async|return|new)\b|\b(use[A-Z]\w*)\b/g
const CLASSES = ['tok-comment', 'tok-string', 'tok-keyword', 'tok-hook'] as const

function highlight(code: string): ReactNode[] {
  const out: ReactNode[] = []
  let last = 0
  for (const match of code.matchAll(TOKEN)) {
    if (match.index > last) out.push(code.slice(last, match.index))
    const group = match.slice(1).findIndex((g) => g !== undefined)
    out.push(
      <span key={match.index} className={CLASSES[group]}>
        {match[0]}
      </span>,
    )
    last = match.index + match[0].length
  }
  out.push(code.slice(last))
  return out
}

/** A collapsible, copyable code sample: the Foyer calls behind what the card shows. */
export function CodeSnippet({ title, code }: { title: string; code: string }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (copy === 'idle') return
    const timer = setTimeout(() => setCopy('idle'), 2000)
    return () => clearTimeout(timer)
  }, [copy])

  const onCopy = () => {
    navigator.clipboard.writeText(code).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    )
  }

  return (
    <details className="snippet">
      <summary>
        <span className="snippet-title">Code</span> <span className="snippet-caption">{title}</span>
      </summary>
      <div className="snippet-body">
        <pre>
          <code>{highlight(code)}</code>
        </pre>
        <div className="snippet-actions">
          <span role="status" className="snippet-status">
            {copy === 'copied' ? 'Copied to the clipboard' : copy === 'failed' ? 'The browser refused the clipboard: select the code instead' : ''}
          </span>
          <button type="button" className="btn btn-small" onClick={onCopy}>
            Copy code
          </button>
        </div>
      </div>
    </details>
  )
}
