import { PRIVY_ENTRIES, type PrivyEntry } from '../privyNames.js'
import type { PrivyNameTable } from './addTodoComments.js'

/** The markers around the generated part of docs/migrate-from-privy.md. */
export const DIFFERENCES_START = '<!-- differences:start -->'
export const DIFFERENCES_END = '<!-- differences:end -->'

/**
 * The migration page's list of differences, made from the table of Privy's names: per Privy entry, how many names
 * Foyer's entry offers unchanged, then the names that differ and the names that are missing, each with its note.
 */
export function renderDifferences(table: PrivyNameTable): string {
  const sections: string[] = []
  for (const entry of Object.keys(PRIVY_ENTRIES) as PrivyEntry[]) {
    const names = Object.entries(table[entry]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    const same = names.filter(([, status]) => status.status === 'same').length
    const list = (kind: 'differs' | 'missing') =>
      names.flatMap(([name, status]) => (status.status === kind ? [`- \`${name}\`: ${status.note.replace(/\s+/g, ' ').trim()}`] : []))
    const differs = list('differs')
    const missing = list('missing')
    const lines = [`### \`${entry}\` → \`${PRIVY_ENTRIES[entry]}\``, '']
    if (names.length === 0) lines.push('No names listed yet.')
    else lines.push(`${same} of ${names.length} ${names.length === 1 ? 'name is' : 'names are'} the same as Privy's (same name, parameters and return shape).`)
    if (differs.length) lines.push('', `**Differs** (${differs.length}):`, '', ...differs)
    if (missing.length) lines.push('', `**Missing** (${missing.length}):`, '', ...missing)
    sections.push(lines.join('\n'))
  }
  return sections.join('\n\n')
}

/** The page with its generated part (between the markers) made from `table`. */
export function withDifferences(page: string, table: PrivyNameTable): string {
  const start = page.indexOf(DIFFERENCES_START)
  const end = page.indexOf(DIFFERENCES_END)
  if (start < 0 || end < start) throw new Error(`the page has no ${DIFFERENCES_START} … ${DIFFERENCES_END} markers`)
  return `${page.slice(0, start + DIFFERENCES_START.length)}\n${renderDifferences(table)}\n${page.slice(end)}`
}
