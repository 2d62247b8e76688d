import { useContext, useMemo } from 'react'
import { FoyerContext } from '../FoyerContext.js'
import { en } from './en.js'

/** Text lookup: `(key, vars?) => string`. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string

/** Fills `{name}` placeholders. */
export function format(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match))
}

// Primitives also work outside a provider (storybooks, tests), so they fall back to the English table.
const fallback: Translate = (key, vars) => format((en as Record<string, string>)[key] ?? key, vars)

/**
 * The kernel's `t` (plugin texts, ui texts, host overrides), or the English table outside a provider. The ui's
 * English joins the kernel's texts here (and when the modal's code loads): it travels with the screens, not in
 * the host's initial JS.
 */
export function useT(): Translate {
  const foyer = useContext(FoyerContext)
  return useMemo<Translate>(() => {
    if (!foyer) return fallback
    foyer.addDefaultTexts(en)
    return (key, vars) => foyer.t(key, vars)
  }, [foyer])
}
