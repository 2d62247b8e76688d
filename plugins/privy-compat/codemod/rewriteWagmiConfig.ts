import { Node, type ObjectLiteralExpression, type SourceFile } from 'ts-morph'
import { addTodoEdits } from './addTodoComments.js'
import type { RewriteResult } from './rewriteImports.js'
import { indentOf, type TextEdit } from './applyTextEdits.js'

/** The names of `@privy-io/wagmi` that wagmi itself exports with the same use. */
const WAGMI_OWN = new Set(['createConfig', 'WagmiProvider'])

/**
 * `@privy-io/wagmi`'s `createConfig` and `WagmiProvider` become wagmi's own, and each `createConfig({…})` of the file
 * gets Foyer's connector, `foyer()` from `foyer/wagmi` (added to `connectors`, or `connectors: [foyer()]`): Privy's
 * wrappers fed the active Privy wallet to wagmi, Foyer's embedded wallet reaches wagmi as that connector. Other names
 * of `@privy-io/wagmi` (`useSetActiveWallet`) stay where they are; `addTodoComments` marks them.
 */
export function rewriteWagmiConfig(file: SourceFile): RewriteResult {
  const edits: TextEdit[] = []
  let rewritten = 0
  const createConfigNames = new Set<string>()
  for (const declaration of file.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== '@privy-io/wagmi' || declaration.isTypeOnly()) continue
    if (declaration.getDefaultImport() || declaration.getNamespaceImport()) continue
    const named = declaration.getNamedImports()
    const moved = named.filter((specifier) => WAGMI_OWN.has(specifier.getName()))
    if (moved.length === 0) continue
    for (const specifier of moved) if (specifier.getName() === 'createConfig' && !specifier.isTypeOnly()) createConfigNames.add(specifier.getAliasNode()?.getText() ?? 'createConfig')
    const literal = declaration.getModuleSpecifier()
    rewritten++
    if (moved.length === named.length) {
      edits.push({ start: literal.getStart() + 1, end: literal.getEnd() - 1, text: 'wagmi' })
      continue
    }
    // Mixed: wagmi's names move to an import of their own, the rest keep theirs.
    const quote = literal.getText()[0]
    const semicolon = declaration.getText().endsWith(';') ? ';' : ''
    const bindings = declaration.getImportClause()!.getNamedBindings()!
    const kept = named.filter((specifier) => !moved.includes(specifier))
    edits.push({ start: declaration.getStart(), end: declaration.getStart(), text: `import { ${moved.map((s) => s.getText()).join(', ')} } from ${quote}wagmi${quote}${semicolon}\n${indentOf(file.getFullText(), declaration.getStart())}` })
    edits.push({ start: bindings.getStart(), end: bindings.getEnd(), text: `{ ${kept.map((s) => s.getText()).join(', ')} }` })
  }
  if (createConfigNames.size === 0) return { edits, rewritten }

  const connectorName = foyerImportName(file)
  let needsImport = false
  file.forEachDescendant((node) => {
    if (!Node.isCallExpression(node) || !createConfigNames.has(node.getExpression().getText())) return
    const [parameters] = node.getArguments()
    if (parameters && Node.isObjectLiteralExpression(parameters)) {
      const edit = addConnector(parameters, connectorName ?? 'foyer')
      if (edit) edits.push(edit), (needsImport = true)
    } else {
      edits.push(...addTodoEdits(node, [{ key: 'createConfig', note: "add foyer() from 'foyer/wagmi' to this config's connectors (Foyer's embedded wallet reaches wagmi through it)" }]))
    }
  })
  if (needsImport && !connectorName) {
    const imports = file.getImportDeclarations()
    const last = imports.at(-1)!
    const literal = last.getModuleSpecifier()
    const quote = literal.getText()[0]
    const semicolon = last.getText().endsWith(';') ? ';' : ''
    edits.push({ start: last.getEnd(), end: last.getEnd(), text: `\nimport { foyer } from ${quote}foyer/wagmi${quote}${semicolon}` })
  }
  return { edits, rewritten }
}

/** The local name `foyer/wagmi`'s `foyer` already has in the file, if it is imported. */
function foyerImportName(file: SourceFile): string | undefined {
  for (const declaration of file.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== 'foyer/wagmi') continue
    const specifier = declaration.getNamedImports().find((s) => s.getName() === 'foyer')
    if (specifier) return specifier.getAliasNode()?.getText() ?? 'foyer'
  }
  return undefined
}

/** The edit that puts `foyer()` in the config's `connectors`, or none when it is there already. */
function addConnector(config: ObjectLiteralExpression, name: string): TextEdit | undefined {
  const call = `${name}()`
  const property = config.getProperty('connectors')
  if (property && Node.isPropertyAssignment(property)) {
    const value = property.getInitializerOrThrow()
    if (Node.isArrayLiteralExpression(value)) {
      const elements = value.getElements()
      if (elements.some((element) => Node.isCallExpression(element) && element.getExpression().getText() === name)) return undefined
      const first = elements[0]
      return first ? { start: first.getStart(), end: first.getStart(), text: `${call}, ` } : { start: value.getStart() + 1, end: value.getEnd() - 1, text: call }
    }
    return { start: value.getStart(), end: value.getEnd(), text: `[${call}, ...${value.getText()}]` }
  }
  if (property && Node.isShorthandPropertyAssignment(property)) {
    return { start: property.getStart(), end: property.getEnd(), text: `connectors: [${call}, ...connectors]` }
  }
  if (property) return undefined // a `connectors()` method or getter: written by hand, left to its author
  const added = `connectors: [${call}]`
  const properties = config.getProperties()
  const last = properties.at(-1)
  if (!last) return { start: config.getStart(), end: config.getEnd(), text: `{ ${added} }` }
  const text = config.getSourceFile().getFullText()
  const between = text.slice(config.getStart() + 1, properties[0]!.getStart())
  const afterLast = text.slice(last.getEnd(), config.getEnd() - 1)
  const comma = afterLast.indexOf(',')
  if (!between.includes('\n')) return { start: last.getEnd(), end: last.getEnd(), text: `, ${added}` }
  const indent = indentOf(text, properties[0]!.getStart())
  // Multi-line: the new property on a line of its own, keeping the object's trailing-comma style.
  return comma >= 0 && afterLast.slice(0, comma).trim() === ''
    ? { start: last.getEnd() + comma + 1, end: last.getEnd() + comma + 1, text: `\n${indent}${added},` }
    : { start: last.getEnd(), end: last.getEnd(), text: `,\n${indent}${added}` }
}
