import type { Theme } from './useThemeChoice.js'

/** Switches light/dark; says what it switches to. */
export function ThemeToggle({ theme, toggle }: { theme: Theme; toggle: () => void }) {
  return (
    <button type="button" className="fa-button" onClick={toggle} aria-pressed={theme === 'dark'}>
      Dark theme
    </button>
  )
}
