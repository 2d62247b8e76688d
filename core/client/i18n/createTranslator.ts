/** Builds `t(key, vars)`: later tables override earlier ones; unknown keys render as themselves. */
export function createTranslator(...tables: Array<Readonly<Record<string, string>> | undefined>) {
  const merged: Record<string, string> = Object.assign({}, ...tables.filter(Boolean))
  return function t(key: string, vars?: Record<string, string | number>): string {
    const text = merged[key] ?? key
    if (!vars) return text
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
  }
}
