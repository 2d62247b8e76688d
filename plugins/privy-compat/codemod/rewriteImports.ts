import type { SourceFile } from 'ts-morph'
import { PRIVY_ENTRIES } from '../privyNames.js'
import { moduleReferences, replaceSpecifier } from './moduleReferences.js'
import type { TextEdit } from './applyTextEdits.js'

/** What one step did to a file: its edits and how many module specifiers they point elsewhere. */
export interface RewriteResult {
  edits: TextEdit[]
  rewritten: number
}

const entries: Readonly<Record<string, string>> = PRIVY_ENTRIES

/**
 * Points every reference to one of Privy's React entries (`@privy-io/react-auth`, `/solana`, `/smart-wallets`) at
 * Foyer's matching entry: imports, `export … from`, `import()`, `require()` and test mocks. Names stay as they are —
 * the compat entries export Privy's names — except `PrivyProvider`, which `rewriteProvider` handles.
 */
export function rewriteImports(file: SourceFile): RewriteResult {
  const edits = moduleReferences(file)
    .filter((reference) => Object.hasOwn(entries, reference.specifier))
    .map((reference) => replaceSpecifier(reference.literal, entries[reference.specifier]!))
  return { edits, rewritten: edits.length }
}
