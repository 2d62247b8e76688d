/** `t(key, vars)`, plus a way to add default texts that arrive later (the ui's English, loaded with the modal). */
export interface Translator {
  (key: string, vars?: Record<string, string | number>): string
  /** Adds texts above the first table and below the others (plugins' texts, the host's textLocalization). */
  addDefaults(table: Readonly<Record<string, string>>): void
  /** Reads its tables again (one of them gained texts: a plugin's English that loads with its screens). */
  refresh(): void
}

/** Builds `t(key, vars)`: later tables override earlier ones; unknown keys render as themselves. */
export function createTranslator(...tables: Array<Readonly<Record<string, string>> | undefined>): Translator {
  const [base, ...overrides] = tables
  const added: Array<Readonly<Record<string, string>>> = []
  let merged: Record<string, string> = {}
  const merge = () => void (merged = Object.assign({}, base, ...added, ...overrides.filter(Boolean)))
  merge()
  const t = ((key: string, vars?: Record<string, string | number>) => {
    const text = merged[key] ?? key
    if (!vars) return text
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
  }) as Translator
  t.addDefaults = (table) => {
    if (added.includes(table)) return
    added.push(table)
    merge()
  }
  t.refresh = merge
  return t
}
