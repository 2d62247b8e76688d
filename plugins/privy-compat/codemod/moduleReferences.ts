import { Node, SyntaxKind, type ExportDeclaration, type ImportDeclaration, type SourceFile, type StringLiteral, type NoSubstitutionTemplateLiteral } from 'ts-morph'

/** One place a file names a module: the string literal, its value and the statement form around it. */
export interface ModuleReference {
  literal: StringLiteral | NoSubstitutionTemplateLiteral
  specifier: string
  /** `import … from` / `export … from` carry their declaration (its names can be checked); the others don't. */
  declaration?: ImportDeclaration | ExportDeclaration
}

// Test runners' module mocks name modules too: a migrated test file must mock what the app now imports.
const MOCK_CALLS = new Set(['mock', 'doMock', 'unmock', 'importActual', 'importMock', 'requireActual', 'requireMock'])

/**
 * Every module specifier in the file: imports and `export … from`, dynamic `import()`, `require()`,
 * `import x = require()`, `import('…').T` in types, and `vi.mock` / `jest.mock` and their kin.
 */
export function moduleReferences(file: SourceFile): ModuleReference[] {
  const references: ModuleReference[] = []
  for (const declaration of file.getImportDeclarations()) {
    references.push({ literal: declaration.getModuleSpecifier(), specifier: declaration.getModuleSpecifierValue(), declaration })
  }
  for (const declaration of file.getExportDeclarations()) {
    const literal = declaration.getModuleSpecifier()
    if (literal && Node.isStringLiteral(literal)) references.push({ literal, specifier: literal.getLiteralValue(), declaration })
  }
  file.forEachDescendant((node) => {
    if (Node.isCallExpression(node)) {
      const [first] = node.getArguments()
      if (!first || !(Node.isStringLiteral(first) || Node.isNoSubstitutionTemplateLiteral(first))) return
      const callee = node.getExpression()
      const names =
        callee.getKind() === SyntaxKind.ImportKeyword ||
        (Node.isIdentifier(callee) && callee.getText() === 'require') ||
        (Node.isPropertyAccessExpression(callee) && ['vi', 'jest'].includes(callee.getExpression().getText()) && MOCK_CALLS.has(callee.getName()))
      if (names) references.push({ literal: first, specifier: first.getLiteralValue() })
    } else if (Node.isExternalModuleReference(node)) {
      const literal = node.getExpression()
      if (literal && Node.isStringLiteral(literal)) references.push({ literal, specifier: literal.getLiteralValue() })
    } else if (Node.isImportTypeNode(node)) {
      const argument = node.getArgument()
      const literal = Node.isLiteralTypeNode(argument) ? argument.getLiteral() : undefined
      if (literal && Node.isStringLiteral(literal)) references.push({ literal, specifier: literal.getLiteralValue() })
    }
  })
  return references
}

/** The edit that makes `literal` say `specifier`, keeping its quotes. */
export function replaceSpecifier(literal: ModuleReference['literal'], specifier: string) {
  return { start: literal.getStart() + 1, end: literal.getEnd() - 1, text: specifier }
}
