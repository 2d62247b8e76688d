import { Node, type SourceFile } from 'ts-morph'
import { PRIVY_ENTRIES } from '../privyNames.js'
import type { TextEdit } from './applyTextEdits.js'

// The provider's import, before or after `rewriteImports` ran (a file migrated by hand keeps working too).
const PROVIDER_MODULES = new Set(['@privy-io/react-auth', PRIVY_ENTRIES['@privy-io/react-auth']])

/**
 * `PrivyProvider` becomes `FoyerProvider`: its import (`import { PrivyProvider as P }` keeps the alias `P`) and every
 * use in the file — JSX tags, `typeof PrivyProvider`, a namespace's `Privy.PrivyProvider`. Props stay as written:
 * the compat provider takes Privy's `appId`, `clientId` and `config`. A local `export { PrivyProvider }` keeps its
 * public name (`export { FoyerProvider as PrivyProvider }`), so the file's importers need no change.
 */
export function rewriteProvider(file: SourceFile): TextEdit[] {
  const edits: TextEdit[] = []
  let renameLocal = false
  const namespaces = new Set<string>()
  for (const declaration of file.getImportDeclarations()) {
    if (!PROVIDER_MODULES.has(declaration.getModuleSpecifierValue()) || declaration.isTypeOnly()) continue
    const namespace = declaration.getNamespaceImport()
    if (namespace) namespaces.add(namespace.getText())
    const named = declaration.getNamedImports()
    for (const specifier of named) {
      if (specifier.getName() !== 'PrivyProvider' || specifier.isTypeOnly()) continue
      const nameNode = specifier.getNameNode()
      if (specifier.getAliasNode()) {
        edits.push({ start: nameNode.getStart(), end: nameNode.getEnd(), text: 'FoyerProvider' })
      } else if (named.some((other) => other.getName() === 'FoyerProvider' && !other.getAliasNode())) {
        // Both imported already: drop this one (and the comma that joins it to its neighbour), then rename the uses.
        const index = named.indexOf(specifier)
        const next = named[index + 1]
        const previous = named[index - 1]
        edits.push(next ? { start: specifier.getStart(), end: next.getStart(), text: '' } : { start: previous!.getEnd(), end: specifier.getEnd(), text: '' })
        renameLocal = true
      } else {
        edits.push({ start: nameNode.getStart(), end: nameNode.getEnd(), text: 'FoyerProvider' })
        renameLocal = true
      }
    }
  }
  if (!renameLocal && namespaces.size === 0) return edits
  file.forEachDescendant((node) => {
    if (Node.isIdentifier(node) && renameLocal && node.getText() === 'PrivyProvider') {
      const parent = node.getParent()
      // Not a use of the binding: a member or key named like it, or the import specifier handled above.
      if (Node.isImportSpecifier(parent)) return
      if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === node) return
      if (Node.isQualifiedName(parent) && parent.getRight() === node) return
      if ((Node.isPropertyAssignment(parent) || Node.isPropertySignature(parent) || Node.isMethodDeclaration(parent) || Node.isPropertyDeclaration(parent)) && parent.getNameNode() === node) return
      if (Node.isJsxAttribute(parent)) return
      if (Node.isExportSpecifier(parent)) {
        if (parent.getAliasNode() === node) return
        const exportDeclaration = parent.getExportDeclaration()
        if (exportDeclaration.getModuleSpecifier()) return // `export { PrivyProvider } from '…'` names the other module's export
        edits.push({ start: node.getStart(), end: node.getEnd(), text: parent.getAliasNode() ? 'FoyerProvider' : 'FoyerProvider as PrivyProvider' })
        return
      }
      if (Node.isShorthandPropertyAssignment(parent)) {
        edits.push({ start: node.getStart(), end: node.getEnd(), text: 'PrivyProvider: FoyerProvider' })
        return
      }
      edits.push({ start: node.getStart(), end: node.getEnd(), text: 'FoyerProvider' })
    } else if (Node.isPropertyAccessExpression(node) && node.getName() === 'PrivyProvider' && namespaces.has(node.getExpression().getText())) {
      const name = node.getNameNode()
      edits.push({ start: name.getStart(), end: name.getEnd(), text: 'FoyerProvider' })
    } else if (Node.isQualifiedName(node) && node.getRight().getText() === 'PrivyProvider' && namespaces.has(node.getLeft().getText())) {
      const name = node.getRight()
      edits.push({ start: name.getStart(), end: name.getEnd(), text: 'FoyerProvider' })
    }
  })
  return edits
}
