import { useEffect, useState } from 'react'

/** The console's colour scheme. */
export type Theme = 'light' | 'dark'
const KEY = 'foyer-admin-theme'

const systemTheme = (): Theme => (globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')
const stored = (): Theme | null => {
  try {
    const value = localStorage.getItem(KEY)
    return value === 'light' || value === 'dark' ? value : null
  } catch {
    return null
  }
}

/**
 * Light or dark: the system's (prefers-color-scheme, followed while the operator chose nothing) or the operator's
 * choice (kept in localStorage). Sets `data-theme` on <html> for the console's styles.
 */
export function useThemeChoice(): { theme: Theme; toggle: () => void } {
  const [choice, setChoice] = useState<Theme | null>(stored)
  const [system, setSystem] = useState<Theme>(systemTheme)
  useEffect(() => {
    const query = globalThis.matchMedia?.('(prefers-color-scheme: dark)')
    if (!query) return
    const onChange = () => setSystem(query.matches ? 'dark' : 'light')
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])
  const theme = choice ?? system
  useEffect(() => {
    document.documentElement.dataset.theme = theme
  }, [theme])
  const toggle = () => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark'
    try {
      localStorage.setItem(KEY, next)
    } catch {
      // Private mode: the choice lasts this page.
    }
    setChoice(next)
  }
  return { theme, toggle }
}
