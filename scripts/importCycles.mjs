// Import cycles between the package's own modules: `node scripts/importCycles.mjs` prints each one.
// A cycle is a strongly connected component of more than one file in the graph of relative imports,
// re-exports, `import()` calls and `import('…').T` types: type-only and lazy ones count too, because they tie two modules'
// designs together just the same (neither can be read, moved or split without the other).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/** The folders the graph covers. */
export const graphRoots = ['core', 'plugins', 'ui', 'testing', 'standalone']

function sourceFiles(dir) {
  const files = []
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path))
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(path)
  }
  return files
}

/** './x.js' → x.ts, x.tsx or x/index.ts; null for anything outside the tree. */
function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''))
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate)) return candidate
  }
  return null
}

function importsOf(path) {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false)
  const specifiers = []
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      specifiers.push(node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments
      if (argument && ts.isStringLiteralLike(argument)) specifiers.push(argument.text)
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specifiers
}

/** Repo-relative file → the repo-relative files it imports. */
export function importGraph(root = repoRoot) {
  const graph = new Map()
  for (const dir of graphRoots) {
    for (const file of sourceFiles(join(root, dir))) {
      const targets = new Set()
      for (const specifier of importsOf(file)) {
        if (!specifier.startsWith('.')) continue
        const target = resolveImport(file, specifier)
        if (target) targets.add(relative(root, target))
      }
      graph.set(relative(root, file), [...targets].sort())
    }
  }
  return graph
}

/** Strongly connected components of more than one file (Tarjan), each sorted, largest first. */
export function importCycles(graph = importGraph()) {
  let index = 0
  const indexOf = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const cycles = []
  const visit = (node) => {
    indexOf.set(node, index)
    low.set(node, index++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node), low.get(next)))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indexOf.get(next)))
      }
    }
    if (low.get(node) !== indexOf.get(node)) return
    const component = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1) cycles.push(component.sort())
  }
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node)
  return cycles.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]))
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = importCycles()
  for (const cycle of cycles) console.log(`${cycle.length} files:\n  ${cycle.join('\n  ')}`)
  console.log(cycles.length ? `${cycles.length} import cycles` : 'No import cycles')
  process.exitCode = cycles.length ? 1 : 0
}
