import type { ReactNode } from 'react'
import { ThemeToggle } from './ThemeToggle.js'
import type { Theme } from './useThemeChoice.js'

/** What the gate's pages get: the theme and, once signed in, a sign-out. */
export interface GateFrameProps {
  theme: Theme
  toggleTheme: () => void
  onSignOut?: (() => void) | undefined
  email?: string | null
}

/** The sign-in steps' page: the console's header and one centred card. */
export function GateFrame({ title, theme, toggleTheme, onSignOut, children }: GateFrameProps & { title: string; children: ReactNode }) {
  return (
    <>
      <header className="fa-header">
        <span className="fa-brand">Foyer admin</span>
        <div className="fa-header-actions">
          <ThemeToggle theme={theme} toggle={toggleTheme} />
          {onSignOut && (
            <button type="button" className="fa-button" onClick={onSignOut}>
              Sign out
            </button>
          )}
        </div>
      </header>
      <main className="fa-gate" id="main">
        <section className="fa-card fa-gate-card" aria-labelledby="gate-title">
          <h1 id="gate-title">{title}</h1>
          {children}
        </section>
      </main>
    </>
  )
}
