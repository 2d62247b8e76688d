import { Node, type SourceFile } from 'ts-morph'
import { PRIVY_ENTRIES, type PrivyEntry, type PrivyNameStatus } from '../privyNames.js'
import { moduleReferences, type ModuleReference } from './moduleReferences.js'
import { indentOf, type TextEdit } from './applyTextEdits.js'

/** Privy's public names per entry and what Foyer offers for each (`privyNames`, or a test's own). */
export type PrivyNameTable = Readonly<Record<PrivyEntry, Readonly<Record<string, PrivyNameStatus>>>>

/** What a `// TODO(foyer): <key>: <note>` comment says: the name or module, and what to do about it. */
export interface Todo {
  key: string
  note: string
}

/** The prefix of every comment the codemod writes; the summary lists the comments that carry it. */
export const TODO_PREFIX = 'TODO(foyer):'

const privyEntryOf = new Map<string, PrivyEntry>(
  Object.entries(PRIVY_ENTRIES).flatMap(([privy, foyer]) => [
    [privy, privy as PrivyEntry],
    [foyer, privy as PrivyEntry],
  ]),
)

const BACK_END_NOTE = "verify Foyer's access tokens with verifyFoyerRequest from 'foyer/server' (or jose against the server's JWKS); see Foyer's docs/migrate-from-privy.md"

/**
 * A `// TODO(foyer): …` comment above each import that still needs a person: a name the table marks 'missing'
 * (the import stays, so the compiler points at it too), a `@privy-io/wagmi` name wagmi has no twin for, an entry or a
 * package of Privy's that Foyer has no counterpart to (`@privy-io/server-auth`, `@privy-io/react-auth/farcaster`).
 * A comment already there for the same name is not written again.
 */
export function addTodoComments(file: SourceFile, table: PrivyNameTable): TextEdit[] {
  const edits: TextEdit[] = []
  for (const reference of moduleReferences(file)) {
    const todos = todosFor(file, reference, table)
    if (todos.length) edits.push(...addTodoEdits(reference.declaration ?? reference.literal, todos))
  }
  return edits
}

/** The edits that write `todos` above the statement holding `node`, skipping those its comments already carry. */
export function addTodoEdits(node: Node, todos: readonly Todo[]): TextEdit[] {
  const statement = statementOf(node)
  const text = statement.getSourceFile().getFullText()
  const leading = text.slice(statement.getFullStart(), statement.getStart())
  const fresh = todos.filter((todo) => !leading.includes(`${TODO_PREFIX} ${todo.key}:`))
  if (fresh.length === 0) return []
  const indent = indentOf(text, statement.getStart())
  const comments = fresh.map((todo) => `// ${TODO_PREFIX} ${todo.key}: ${todo.note.replace(/\s+/g, ' ').trim()}\n${indent}`).join('')
  return [{ start: statement.getStart(), end: statement.getStart(), text: comments }]
}

function todosFor(file: SourceFile, reference: ModuleReference, table: PrivyNameTable): Todo[] {
  const { specifier } = reference
  const entry = privyEntryOf.get(specifier)
  if (entry) {
    const names = table[entry]
    return importedNames(file, reference).flatMap((name) => {
      const status = Object.hasOwn(names, name) ? names[name] : undefined
      return status?.status === 'missing' ? [{ key: name, note: status.note }] : []
    })
  }
  if (!specifier.startsWith('@privy-io/')) return []
  if (specifier === '@privy-io/wagmi') {
    const names = importedNames(file, reference)
    if (names.length === 0) return [{ key: specifier, note: "import createConfig and WagmiProvider from 'wagmi', and add foyer() from 'foyer/wagmi' to createConfig's connectors" }]
    return names.map((name) => ({
      key: name,
      note:
        name === 'useSetActiveWallet'
          ? "@privy-io/wagmi's useSetActiveWallet has no Foyer counterpart: the embedded wallet is wagmi's foyer() connector (connect it with wagmi's useConnect, pick an account with useSwitchAccount)"
          : `@privy-io/wagmi's ${name} has no Foyer counterpart`,
    }))
  }
  if (specifier === '@privy-io/server-auth' || specifier === '@privy-io/node' || specifier.startsWith('@privy-io/server-auth/') || specifier.startsWith('@privy-io/node/')) {
    return [{ key: specifier, note: BACK_END_NOTE }]
  }
  if (specifier.startsWith('@privy-io/react-auth/')) {
    return [{ key: specifier, note: `Foyer has no counterpart to this entry (Foyer's: ${Object.values(PRIVY_ENTRIES).join(', ')})` }]
  }
  return [{ key: specifier, note: 'Foyer has no counterpart to this package' }]
}

/** The names an import or re-export takes from its module (a namespace import: the members the file uses). */
function importedNames(file: SourceFile, reference: ModuleReference): string[] {
  const declaration = reference.declaration
  if (!declaration) return []
  if (Node.isExportDeclaration(declaration)) return declaration.getNamedExports().map((specifier) => specifier.getName())
  const names = declaration.getNamedImports().map((specifier) => specifier.getName())
  const namespace = declaration.getNamespaceImport()?.getText()
  if (namespace) {
    file.forEachDescendant((node) => {
      if (Node.isPropertyAccessExpression(node) && node.getExpression().getText() === namespace) names.push(node.getName())
      else if (Node.isQualifiedName(node) && node.getLeft().getText() === namespace) names.push(node.getRight().getText())
    })
  }
  return [...new Set(names)]
}

/** The statement of a statement list (file, block, case) that holds `node`: where a comment line can go above it. */
function statementOf(node: Node): Node {
  let current = node
  for (let parent = current.getParent(); parent; current = parent, parent = parent.getParent()) {
    if (Node.isSourceFile(parent) || Node.isBlock(parent) || Node.isModuleBlock(parent) || Node.isCaseClause(parent) || Node.isDefaultClause(parent)) return current
  }
  return current
}
