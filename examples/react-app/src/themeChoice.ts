/** The look the visitor picked: passed to FoyerProvider as `config.appearance` and used by the page itself. */
export interface ThemeChoice {
  theme: 'light' | 'dark'
  accentColor: string
}

/** Accent colours on offer. Each keeps white text on it at WCAG AA contrast (≥ 4.5:1), in the page and in the modal. */
export const ACCENTS = [
  { name: 'Indigo', value: '#5b5bd6' },
  { name: 'Teal', value: '#0f766e' },
  { name: 'Rose', value: '#be123c' },
  { name: 'Amber', value: '#b45309' },
  { name: 'Violet', value: '#7c3aed' },
] as const

const STORAGE_KEY = 'example:theme'

/** The stored choice, else the system's light/dark preference with the first accent. */
export function loadThemeChoice(): ThemeChoice {
  const fallback: ThemeChoice = {
    theme: typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
    accentColor: ACCENTS[0].value,
  }
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<ThemeChoice> | null
    // Whatever is stored is checked: an unknown value falls back instead of reaching the modal's styles.
    const theme = stored?.theme === 'dark' || stored?.theme === 'light' ? stored.theme : fallback.theme
    const accentColor = ACCENTS.some((a) => a.value === stored?.accentColor) ? stored!.accentColor! : fallback.accentColor
    return { theme, accentColor }
  } catch {
    return fallback
  }
}

/** Keeps the choice across reloads. */
export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(choice))
  } catch {
    // Storage off (private mode): the choice lasts for this page only.
  }
}
