import { useEffect, useState } from 'react'
import { CodeSnippet } from './CodeSnippet.js'
import { snippets } from './snippets.js'
import { ACCENTS, type ThemeChoice } from './themeChoice.js'

/** The modal's CSS variables shown here, and the config key that drives each (null: the stylesheet's own value). */
const VARIABLES: readonly [name: string, from: string | null][] = [
  ['--foyer-background', 'theme'],
  ['--foyer-foreground', 'theme'],
  ['--foyer-muted', 'theme'],
  ['--foyer-surface', 'theme'],
  ['--foyer-border', 'theme'],
  ['--foyer-accent', 'accentColor'],
  ['--foyer-accent-foreground', null],
  ['--foyer-radius', null],
]

const keyOf = (choice: ThemeChoice) => `${choice.theme}:${choice.accentColor}`

/**
 * The values the open modal really uses, read from its dialog's computed style each time it opens. They
 * belong to one theme choice: after a change they are read again at the next open.
 */
function useModalVariables(choice: ThemeChoice): Record<string, string> | null {
  const [read, setRead] = useState<{ key: string; values: Record<string, string> } | null>(null)
  const key = keyOf(choice)
  useEffect(() => {
    const capture = () => {
      const dialog = document.querySelector('[role="dialog"][aria-modal="true"]')
      if (!dialog) return
      const style = getComputedStyle(dialog)
      setRead({ key, values: Object.fromEntries(VARIABLES.map(([name]) => [name, style.getPropertyValue(name).trim()])) })
    }
    capture()
    // The modal renders into document.body when it opens.
    const observer = new MutationObserver(capture)
    observer.observe(document.body, { childList: true })
    return () => observer.disconnect()
  }, [key])
  return read?.key === key ? read.values : null
}

/** 'Theme': light/dark and accent colour for the modal (FoyerProvider's config.appearance) and the page. */
export function ThemePanel({ choice, onChange }: { choice: ThemeChoice; onChange: (choice: ThemeChoice) => void }) {
  const values = useModalVariables(choice)
  const accentName = ACCENTS.find((a) => a.value === choice.accentColor)?.name ?? choice.accentColor
  return (
    <aside className="panel" aria-labelledby="theme-title">
      <h2 id="theme-title">Theme</h2>
      <p className="card-lead">Restyles the modal through its config and CSS variables, and this page with it.</p>
      <fieldset className="field">
        <legend>Mode</legend>
        <div className="segmented">
          {(['light', 'dark'] as const).map((theme) => (
            <label key={theme} className="segment">
              <input type="radio" name="theme-mode" value={theme} checked={choice.theme === theme} onChange={() => onChange({ ...choice, theme })} />
              <span>{theme === 'light' ? 'Light' : 'Dark'}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="field">
        <legend>
          Accent colour: <span className="legend-value">{accentName}</span>
        </legend>
        <div className="swatches">
          {ACCENTS.map((accent) => (
            <label key={accent.value} className="swatch" title={accent.name}>
              <input
                type="radio"
                name="theme-accent"
                value={accent.value}
                checked={choice.accentColor === accent.value}
                onChange={() => onChange({ ...choice, accentColor: accent.value })}
              />
              <span className="swatch-dot" style={{ background: accent.value }} aria-hidden="true" />
              <span className="sr-only">{accent.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <h3 className="panel-subtitle">The modal's CSS variables</h3>
      <table className="vars" data-testid="modal-variables">
        <thead>
          <tr>
            <th scope="col">Variable</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {VARIABLES.map(([name, from]) => {
            const value = values?.[name]
            return (
              <tr key={name} data-variable={name}>
                <th scope="row">
                  <code>{name}</code>
                  {from ? <span className="var-from">from {from}</span> : null}
                </th>
                <td>
                  {value ? (
                    <span className="var-value">
                      {/^#|^rgb/.test(value) ? <span className="var-swatch" style={{ background: value }} aria-hidden="true" /> : null}
                      <code>{value}</code>
                    </span>
                  ) : (
                    <span className="muted">–</span>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className="hint">{values ? 'Read from the modal when it last opened.' : 'Open the modal (Log in, Connect wallet, …) to read the values it uses.'}</p>
      <CodeSnippet title="config.appearance" code={snippets.theme(choice)} />
    </aside>
  )
}
