/** Privy's packages the codemod replaces with `foyer`; any other `@privy-io/*` dependency is left for a person. */
export const REPLACED_PACKAGES = ['@privy-io/react-auth', '@privy-io/wagmi'] as const

const SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const

/**
 * A package.json's text with `@privy-io/react-auth` and `@privy-io/wagmi` replaced by `foyer@^<version>` (in the
 * section, and at the place, the first of them held; a section npm kept sorted stays sorted), or null when there is
 * nothing to replace. The file's indentation and final newline are kept.
 */
export function rewritePackageJson(text: string, foyerVersion: string): string | null {
  const json = JSON.parse(text) as Record<string, unknown>
  const sections = SECTIONS.filter((name) => isRecord(json[name]))
  let hasFoyer = sections.some((name) => Object.hasOwn(json[name] as object, 'foyer'))
  let changed = false
  for (const name of sections) {
    const deps = json[name] as Record<string, string>
    if (!REPLACED_PACKAGES.some((pkg) => Object.hasOwn(deps, pkg))) continue
    const keys = Object.keys(deps)
    const sorted = keys.every((key, i) => i === 0 || keys[i - 1]!.localeCompare(key, 'en') <= 0)
    let entries: [string, string][] = []
    for (const [key, value] of Object.entries(deps)) {
      if (!(REPLACED_PACKAGES as readonly string[]).includes(key)) entries.push([key, value])
      else if (!hasFoyer) entries.push(['foyer', `^${foyerVersion}`]), (hasFoyer = true)
    }
    if (sorted) entries = entries.sort(([a], [b]) => a.localeCompare(b, 'en'))
    json[name] = Object.fromEntries(entries)
    changed = true
  }
  if (!changed) return null
  // The file's own indentation; a one-line file stays on one line.
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? (text.trim().includes('\n') ? '  ' : undefined)
  return JSON.stringify(json, null, indent) + (text.endsWith('\n') ? '\n' : '')
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
